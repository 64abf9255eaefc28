import { createGatehouseQueryClient } from "@gatehouse/clients/react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
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
      <I18nProvider i18n={i18n}>
        <Notifications position="top-center" />
        <RouterProvider router={router} />
      </I18nProvider>
    </MantineProvider>
  );
}
