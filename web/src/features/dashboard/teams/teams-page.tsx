import { Route, Routes } from "react-router";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { MemberPage } from "./member-page";
import { TeamDetailPage } from "./team-detail-page";
import { TeamListPage } from "./team-list-page";

/** The teams section: the list, each team (`teams/<id>`) and each member of a team (`teams/<id>/members/<user id>`). */
export function TeamsPage() {
  return (
    <Routes>
      <Route index element={<TeamListPage />} />
      <Route path=":teamId" element={<TeamDetailPage />} />
      <Route path=":teamId/members/:userId" element={<MemberPage />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
