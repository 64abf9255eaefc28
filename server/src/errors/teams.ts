import { knownError, plainError } from "./define";

export const teamErrors = {
  TEAM_NOT_FOUND: knownError<{ team_id: string }>(404, (d) => `Team ${d.team_id} was not found.`),
  TEAM_MEMBERSHIP_NOT_FOUND: knownError<{ team_id: string; user_id: string }>(
    404,
    (d) => `User ${d.user_id} is not a member of team ${d.team_id}.`,
  ),
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  CLIENT_TEAM_CREATION_NOT_ENABLED: plainError(403, () => "This project does not let users create teams themselves (client_team_creation_enabled is off)."),
  CLIENT_CANNOT_LIST_OTHER_USERS_TEAMS: plainError(403, () => 'With client access, only the signed-in user\'s own teams can be listed (user_id "me").'),
  CLIENT_CANNOT_CREATE_TEAM_FOR_OTHER_USER: plainError(
    403,
    () => 'With client access, a team can only be created with the signed-in user as its creator (creator_user_id "me").',
  ),
  CLIENT_CANNOT_UPDATE_OTHER_MEMBERS_PROFILE: plainError(403, () => "With client access, only the signed-in user's own team profile can be changed."),
  TEAM_ID_REQUIRED_FOR_CLIENT: plainError(400, () => "With client access, team_id is required to list team member profiles."),
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
