import { knownError } from "./define";

export const teamErrors = {
  TEAM_NOT_FOUND: knownError<{ team_id: string }>(404, (d) => `Team ${d.team_id} was not found.`),
  TEAM_MEMBERSHIP_NOT_FOUND: knownError<{ team_id: string; user_id: string }>(
    404,
    (d) => `User ${d.user_id} is not a member of team ${d.team_id}.`,
  ),
};
