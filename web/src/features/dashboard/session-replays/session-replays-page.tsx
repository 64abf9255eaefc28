import { Route, Routes } from "react-router";
import { DashboardNotFound } from "../shell/dashboard-not-found";
import { ReplayPage } from "./replay-page";
import { ReplaysListPage } from "./replays-list-page";

/** The Session replays section: the list at `session-replays`, each replay at `session-replays/<id>`. */
export function SessionReplaysPage() {
  return (
    <Routes>
      <Route index element={<ReplaysListPage />} />
      <Route path=":replayId" element={<ReplayPage />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
