import { knownError } from "./define";

/** TEAM_PERMISSION_REQUIRED lives with the team errors (errors/teams.ts). */
export const permissionErrors = {
  PERMISSION_NOT_FOUND: knownError<{ permission_id: string }>(404, (d) => `Permission "${d.permission_id}" not found. Make sure you created it on the dashboard.`),
  WRONG_PERMISSION_SCOPE: knownError<{ permission_id: string; expected_scope: string; actual_scope: string }>(
    404,
    (d) => `Permission "${d.permission_id}" not found. (It was found for a different scope "${d.actual_scope}", but scope "${d.expected_scope}" was expected.)`,
  ),
  CONTAINED_PERMISSION_NOT_FOUND: knownError<{ permission_id: string }>(
    400,
    (d) => `Contained permission with ID "${d.permission_id}" not found. Make sure you created it on the dashboard.`,
  ),
  PERMISSION_ID_ALREADY_EXISTS: knownError<{ permission_id: string }>(400, (d) => `Permission with ID "${d.permission_id}" already exists. Choose a different ID.`),
  PROJECT_PERMISSION_REQUIRED: knownError<{ user_id: string; permission_id: string }>(
    401,
    (d) => `User ${d.user_id} does not have permission ${d.permission_id}.`,
  ),
};
