import { useParams } from "react-router";

/** The project the dashboard's current page is about, from the URL (`/dashboard/projects/:projectId/...`). */
export function useProjectId(): string {
  const { projectId } = useParams();
  if (!projectId) throw new Error("This page needs a project in its URL.");
  return projectId;
}

export const dashboardPath = (projectId: string, section = "") => `/dashboard/projects/${encodeURIComponent(projectId)}${section ? `/${section}` : ""}`;
