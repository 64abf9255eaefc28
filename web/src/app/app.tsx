import { createGatehouseQueryClient } from "@gatehouse/clients/react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { BrowserRouter } from "react-router";
import { NotificationsOnDemand } from "../components/notifications-on-demand";
import { AppRoutes } from "./router";
import { cssVariablesResolver, theme } from "./theme";

const queryClient = createGatehouseQueryClient();
const colorSchemeManager = localStorageColorSchemeManager({ key: "gatehouse:color-scheme" });

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <I18nProvider i18n={i18n}>
        <NotificationsOnDemand position="top-center" />
        {/* Without transitions a navigation commits when asked, so flushSync(() => navigate(…)) puts the page on screen at once. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes queryClient={queryClient} />
        </BrowserRouter>
      </I18nProvider>
    </MantineProvider>
  );
}
