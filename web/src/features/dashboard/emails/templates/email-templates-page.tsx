import { Route, Routes } from "react-router";
import { DashboardNotFound } from "../../shell/dashboard-not-found";
import { EmailEditorPage } from "./email-editor-page";
import { EmailLibraryPage } from "./email-library-page";

/** The E-mail templates section: the lists at `email-templates`, an editor at `email-templates/<kind>/<id>`. */
export function EmailTemplatesPage() {
  return (
    <Routes>
      <Route index element={<EmailLibraryPage />} />
      <Route path=":kind/:id" element={<EmailEditorPage />} />
      <Route path="*" element={<DashboardNotFound />} />
    </Routes>
  );
}
