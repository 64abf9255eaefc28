import { knownError } from "./define";

export const teamErrors = {
  TEAM_NOT_FOUND: knownError<{ team_id: string }>(404, (d) => `Team ${d.team_id} was not found.`),
  TEAM_MEMBERSHIP_NOT_FOUND: knownError<{ team_id: string; user_id: string }>(
    404,
    (d) => `User ${d.user_id} is not a member of team ${d.team_id}.`,
  ),
  // Ours, not Stack Auth's (it answers a plain 403): no catalogue code means "switched off".
  CLIENT_TEAM_CREATION_NOT_ENABLED: knownError(
    403,
    () => "This project does not let users create teams (client_team_creation_enabled is off); create them with server access.",
  ),
  // Ours, not Stack Auth's (it answers a plain 403): a client naming another user where a
  // listing or a new team can only be its own.
  CLIENT_ACCESS_OWN_USER_ONLY: knownError(
    403,
    () => 'With client access this request can only name the signed-in user: pass "me" (or their own id).',
  ),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: knownError(409, () => "The user is already a member of this team."),
  TEAM_PERMISSION_REQUIRED: knownError<{ team_id: string; user_id: string; permission_id: string }>(
    401,
    (d) => `User ${d.user_id} needs the permission ${d.permission_id} in team ${d.team_id}.`,
  ),
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: knownError<{ restricted_reason: { type: string } }>(
    403,
    (d) => `Restricted users cannot accept team invitations (reason: ${d.restricted_reason.type}); finish signing up first.`,
  ),
};
