import { dashboardPath } from "../shell/project-context";

/** The teams section's addresses: the list, a team, one member of a team. */
export function teamPath(projectId: string, teamId?: string, userId?: string): string {
  const list = dashboardPath(projectId, "teams");
  if (!teamId) return list;
  const team = `${list}/${encodeURIComponent(teamId)}`;
  return userId ? `${team}/members/${encodeURIComponent(userId)}` : team;
}
