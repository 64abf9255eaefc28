import { Route, Routes } from "react-router";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { AppDetailPage } from "./app-detail-page";
import { OAuthAppsListPage } from "./oauth-apps-list-page";

/** The OAuth apps section: the server's settings and the apps at `oauth-apps`, each app at `oauth-apps/<client id>`. */
export function OAuthAppsPage() {
  return (
    <Routes>
      <Route index element={<OAuthAppsListPage />} />
      <Route path=":clientId" element={<AppDetailPage />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
