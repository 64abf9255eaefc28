import type { api } from "@gatehouse/clients/react";

/** What to call a member: their name in the team, else their user's name, else their e-mail. */
export function memberName(profile: api.ServerTeamMemberProfile): string {
  return profile.display_name || profile.user.display_name || profile.user.primary_email || "Member without a name";
}
