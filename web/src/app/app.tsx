import { createGatehouseQueryClient } from "@gatehouse/clients/react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { BrowserRouter } from "react-router";
import { NotificationsOnDemand } from "../components/notifications-on-demand";
import { AppRoutes } from "./router";
import { useMemo } from "react";
import { createAppTheme, cssVariablesResolver } from "./theme";

const queryClient = createGatehouseQueryClient();
const colorSchemeManager = localStorageColorSchemeManager({ key: "gatehouse:color-scheme" });

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <ThemedApp />
    </I18nProvider>
  );
}

function ThemedApp() {
  const { t } = useLingui();
  const closeDialog = t`Close dialog`;
  const closeDrawer = t`Close drawer`;
  const theme = useMemo(() => createAppTheme({ dialog: closeDialog, drawer: closeDrawer }), [closeDialog, closeDrawer]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <NotificationsOnDemand position="top-center" />
      {/* Without transitions a navigation commits when asked, so flushSync(() => navigate(…)) puts the page on screen at once. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes queryClient={queryClient} />
      </BrowserRouter>
    </MantineProvider>
  );
}
