import { createGatehouseQueryClient } from "@gatehouse/clients/react";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
// react-router/dom's RouterProvider, which can commit a navigation at once (`flushSync`).
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "./router";
import { cssVariablesResolver, theme } from "./theme";

const queryClient = createGatehouseQueryClient();
const router = createAppRouter(queryClient);
const colorSchemeManager = localStorageColorSchemeManager({ key: "gatehouse:color-scheme" });

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <Notifications position="top-center" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
