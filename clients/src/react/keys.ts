/**
 * The cache's areas. Generated query keys start with the operation's path, so each prefix here
 * covers every read of one area, whatever its parameters; a mutation invalidates exactly the
 * areas it changed.
 */
export const areaKeys = {
  currentUser: ["/users/me"],
  teams: ["/teams"],
  teamInvitations: ["/team-invitations"],
  teamMemberProfiles: ["/team-member-profiles"],
  contactChannels: ["/contact-channels"],
  sessions: ["/auth/sessions"],
  userApiKeys: ["/user-api-keys"],
  teamApiKeys: ["/team-api-keys"],
  notificationPreferences: ["/emails/notification-preference/me"],
  oauthProviders: ["/oauth-providers"],
  oauthConnections: ["/oauth-apps/connections"],
  agentCredentials: ["/oauth-apps/agent-credentials"],
  /** What the user did to their account is recorded there: the mutations that change its security invalidate it too. */
  securityActivity: ["/audit-log/me"],
  /** A team's audit events: the mutations that change a team or its members invalidate them. */
  teamActivity: ["/audit-log/teams"],
} as const;
