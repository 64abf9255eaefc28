/**
 * The query keys of the dashboard's admin reads, per project. Every key starts
 * `["admin", projectId, <area>]`, and a resource's reads nest under it (a user's e-mails and
 * sessions under the user, a customer's items and products under the customer), so a mutation
 * invalidates exactly what it changed by naming a prefix: `invalidateQueries({ queryKey:
 * keys.user(id) })` refreshes the user and everything read about them, `keys.userDetail(id)`
 * the record alone; `keys.all()` the whole project. Two projects never share an entry.
 *
 * Invalidate no wider than the change: `invalidateQueries` resolves once every matching active
 * read is back, and a mutation's per-call callbacks (`mutate(…, { onSuccess })`) wait for it;
 * a wider prefix keeps them waiting while a faster read has already re-rendered the page, and a
 * component that unmounts meanwhile never hears of its success.
 */
type Params = object | undefined;
/** A list's parameters, when there are any, end its key; without them the key is the prefix of all its pages and filters. */
const withParams = (params: Params) => (params === undefined ? [] : [params]);

export type AdminKeys = ReturnType<typeof adminKeys>;

export function adminKeys(projectId: string) {
  const all = ["admin", projectId] as const;
  const users = () => [...all, "users"] as const;
  const user = (userId: string) => [...users(), "user", userId] as const;
  const teams = () => [...all, "teams"] as const;
  const teamMembers = (teamId?: string) => [...teams(), "members", ...(teamId === undefined ? [] : [teamId])] as const;
  const emails = () => [...all, "emails"] as const;
  const emailLibrary = (kind?: "themes" | "templates" | "drafts") => [...emails(), "library", ...(kind === undefined ? [] : [kind])] as const;
  const payments = () => [...all, "payments"] as const;
  const customer = (type: string, id: string) => [...payments(), "customers", type, id] as const;
  const webhooks = () => [...all, "webhooks"] as const;
  const sessionReplays = () => [...all, "session-replays"] as const;
  const replay = (replayId: string) => [...sessionReplays(), "replay", replayId] as const;
  const oauthApps = () => [...all, "oauth-apps"] as const;
  const scim = () => [...all, "scim"] as const;
  const scimDirectory = (directoryId: string) => [...scim(), "directory", directoryId] as const;
  const sso = (teamId?: string) => [...all, "sso", ...(teamId === undefined ? [] : [teamId])] as const;
  const auditLog = () => [...all, "audit-log"] as const;
  return {
    /** Every admin read of the project. */
    all: () => all,
    /** The project with its config (`GET /internal/projects/current`). */
    project: () => [...all, "projects", "current"] as const,
    /** The rendered config (`GET /config`). */
    config: () => [...all, "config"] as const,
    metrics: () => [...all, "metrics"] as const,
    apiKeySets: () => [...all, "api-keys", "project"] as const,

    users,
    userList: (params?: Params) => [...users(), "list", ...withParams(params)] as const,
    /** Everything read about one user: the record and what nests under it. */
    user,
    /** The user record alone (`GET /users/{id}`), apart from their e-mails, sessions and keys. */
    userDetail: (userId: string) => [...user(userId), "detail"] as const,
    userEmails: (userId: string) => [...user(userId), "contact-channels"] as const,
    userSessions: (userId: string) => [...user(userId), "sessions"] as const,
    userApiKeys: (userId: string) => [...user(userId), "api-keys"] as const,
    /** The OAuth apps the user allowed (`GET /oauth-apps/connections?user_id=`), under the user. */
    userOAuthConnections: (userId: string) => [...user(userId), "oauth-connections"] as const,

    teams,
    /** Team lists, the project's or one user's (`{ user_id }`). */
    teamList: (params?: Params) => [...teams(), "list", ...withParams(params)] as const,
    team: (teamId: string) => [...teams(), "team", teamId] as const,
    teamMembers,
    teamMember: (teamId: string, userId: string) => [...teamMembers(teamId), userId] as const,
    teamPermissions: (params?: Params) => [...teams(), "permissions", ...withParams(params)] as const,
    teamInvitations: (params?: Params) => [...teams(), "invitations", ...withParams(params)] as const,
    teamApiKeys: (params?: Params) => [...teams(), "api-keys", ...withParams(params)] as const,

    permissionDefinitions: (scope?: "team" | "project") => [...all, "permissions", ...(scope === undefined ? [] : [scope])] as const,

    emails,
    sentEmails: () => [...emails(), "sent"] as const,
    emailLibrary,
    emailLibraryEntry: (kind: "themes" | "templates" | "drafts", id: string) => [...emailLibrary(kind), id] as const,
    emailPreview: (body: object) => [...emails(), "preview", body] as const,

    payments,
    transactions: (params?: Params) => [...payments(), "transactions", ...withParams(params)] as const,
    customer,
    customerItem: (type: string, id: string, itemId: string) => [...customer(type, id), "items", itemId] as const,
    customerProducts: (type: string, id: string) => [...customer(type, id), "products"] as const,

    webhooks,
    webhookEndpoints: () => [...webhooks(), "endpoints"] as const,
    webhookDeliveries: (filter?: Params) => [...webhooks(), "deliveries", ...withParams(filter)] as const,

    signUpRuleStats: () => [...all, "sign-up-rules", "stats"] as const,

    sessionReplays,
    replayList: (params?: Params) => [...sessionReplays(), "list", ...withParams(params)] as const,
    replay,
    replayEvents: (replayId: string, params?: Params) => [...replay(replayId), "events", ...withParams(params)] as const,

    /** Everything read about the project's OAuth apps; a user's connected apps nest under the user instead. */
    oauthApps,
    /** The apps (`GET /internal/oauth-apps`). */
    oauthAppList: () => [...oauthApps(), "list"] as const,
    /** One app (`GET /internal/oauth-apps/{client_id}`). */
    oauthApp: (clientId: string) => [...oauthApps(), "app", clientId] as const,

    /** Everything read about the project's SCIM directories. */
    scim,
    /** The directories (`GET /internal/scim-directories`), of every team or of one. */
    scimDirectoryList: (params?: Params) => [...scim(), "list", ...withParams(params)] as const,
    /** One directory and what is read about it. */
    scimDirectory,
    /** A directory's groups and their permission mapping (`GET /internal/scim-directories/{id}/groups`). */
    scimDirectoryGroups: (directoryId: string) => [...scimDirectory(directoryId), "groups"] as const,
    /** Everything read about single sign-on, the project's or one team's (its connections and domains nest under it). */
    sso,
    /** A team's SSO connections (`GET /teams/{team_id}/sso-connections`). */
    ssoConnections: (teamId: string) => [...sso(teamId), "connections"] as const,
    /** A team's domains (`GET /teams/{team_id}/sso-domains`). */
    ssoDomains: (teamId: string) => [...sso(teamId), "domains"] as const,
    /** A team's self-serve set-up links (`GET /teams/{team_id}/sso-portal-links`). */
    ssoPortalLinks: (teamId: string) => [...sso(teamId), "portal-links"] as const,
    /** Everything read from the audit log: its pages and its verification. */
    auditLog,
    auditEventList: (params?: Params) => [...auditLog(), "list", ...withParams(params)] as const,
    auditVerification: () => [...auditLog(), "verify"] as const,
  };
}
