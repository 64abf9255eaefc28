import { Route, Routes } from "react-router";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { UserDetailPage } from "./user-detail-page";
import { UsersListPage } from "./users-list-page";

/** The Users section: the list at `users`, each user at `users/<id>`. */
export function UsersPage() {
  return (
    <Routes>
      <Route index element={<UsersListPage />} />
      <Route path=":userId" element={<UserDetailPage />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
