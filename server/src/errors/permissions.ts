import { knownError, plainError } from "./define";

/** TEAM_PERMISSION_REQUIRED lives with the team errors (errors/teams.ts). */
export const permissionErrors = {
  PERMISSION_NOT_FOUND: knownError<{ permission_id: string }>(
    404,
    (d) => `The project defines no permission "${d.permission_id}" (permissions are defined in the dashboard or with the permission definition routes).`,
  ),
  WRONG_PERMISSION_SCOPE: knownError<{ permission_id: string; expected_scope: string; actual_scope: string }>(
    404,
    (d) => `"${d.permission_id}" is a ${d.actual_scope} permission, not a ${d.expected_scope} permission.`,
  ),
  CONTAINED_PERMISSION_NOT_FOUND: knownError<{ permission_id: string }>(
    400,
    (d) => `A permission can only contain permissions of its own scope that exist; "${d.permission_id}" is not one.`,
  ),
  PERMISSION_ID_ALREADY_EXISTS: knownError<{ permission_id: string }>(
    400,
    (d) => `A permission with the id "${d.permission_id}" is already defined; pick another id.`,
  ),
  // A refusal Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  CLIENT_CANNOT_LIST_OTHER_USERS_PERMISSIONS: plainError(403, () => 'With client access, only the signed-in user\'s own permissions can be listed (user_id "me").'),
  PROJECT_PERMISSION_REQUIRED: knownError<{ user_id: string; permission_id: string }>(
    401,
    (d) => `User ${d.user_id} lacks the project permission ${d.permission_id}.`,
  ),
};
