/**
 * Every operation of the published document, by contract-test area, with one valid sample
 * request each. The mock suite derives its checks from this table and the document; the
 * misc area checks that the table and the document list the same operations, so a new
 * route cannot ship without joining a contract area.
 */
export type AreaName =
  | "auth-password"
  | "auth-otp"
  | "sessions-and-tokens"
  | "users-me"
  | "users"
  | "contact-channels"
  | "teams"
  | "permissions"
  | "projects"
  | "internal-projects"
  | "internal-api-keys"
  | "emails"
  | "misc";

/** The access the document declares: no requirement, client-and-up, server-and-up, or admin only. */
export type DeclaredAccess = "public" | "client" | "server" | "admin";

export interface OperationSample {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  /** The path as written in the document. */
  template: string;
  /** The same path with its parameters filled in. */
  path: string;
  access: DeclaredAccess;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  success: number;
  /** The response media type of the success answer. */
  successType?: "application/json" | "text/plain";
}

const SAMPLE_UUID = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";

export const OPERATIONS: Record<AreaName, OperationSample[]> = {
  "auth-password": [
    {
      operationId: "signUpWithPassword",
      method: "post",
      template: "/auth/password/sign-up",
      path: "/auth/password/sign-up",
      access: "client",
      json: { email: "ada@example.com", password: "correct horse battery" },
      success: 200,
    },
    {
      operationId: "signInWithPassword",
      method: "post",
      template: "/auth/password/sign-in",
      path: "/auth/password/sign-in",
      access: "client",
      json: { email: "ada@example.com", password: "correct horse battery" },
      success: 200,
    },
    {
      operationId: "setPassword",
      method: "post",
      template: "/auth/password/set",
      path: "/auth/password/set",
      access: "client",
      json: { password: "correct horse battery" },
      success: 200,
    },
    {
      operationId: "updatePassword",
      method: "post",
      template: "/auth/password/update",
      path: "/auth/password/update",
      access: "client",
      json: { old_password: "correct horse battery", new_password: "battery staple horse" },
      success: 200,
    },
    {
      operationId: "sendPasswordResetCode",
      method: "post",
      template: "/auth/password/send-reset-code",
      path: "/auth/password/send-reset-code",
      access: "client",
      json: { email: "ada@example.com", callback_url: "https://app.example.com/handler/password-reset" },
      success: 200,
    },
    {
      operationId: "resetPassword",
      method: "post",
      template: "/auth/password/reset",
      path: "/auth/password/reset",
      access: "client",
      json: { code: "ABCDEF".padEnd(45, "X"), password: "correct horse battery" },
      success: 200,
    },
    {
      operationId: "checkPasswordResetCode",
      method: "post",
      template: "/auth/password/reset/check-code",
      path: "/auth/password/reset/check-code",
      access: "client",
      json: { code: "ABCDEF".padEnd(45, "X") },
      success: 200,
    },
  ],
  "auth-otp": [
    {
      operationId: "sendSignInCode",
      method: "post",
      template: "/auth/otp/send-sign-in-code",
      path: "/auth/otp/send-sign-in-code",
      access: "client",
      json: { email: "ada@example.com", callback_url: "https://app.example.com/handler/magic-link-callback" },
      success: 200,
    },
    {
      operationId: "signInWithCode",
      method: "post",
      template: "/auth/otp/sign-in",
      path: "/auth/otp/sign-in",
      access: "client",
      json: { code: "ABCDEF".padEnd(45, "X") },
      success: 200,
    },
    {
      operationId: "checkSignInCode",
      method: "post",
      template: "/auth/otp/sign-in/check-code",
      path: "/auth/otp/sign-in/check-code",
      access: "client",
      json: { code: "ABCDEF".padEnd(45, "X") },
      success: 200,
    },
  ],
  "sessions-and-tokens": [
    {
      operationId: "exchangeOAuthToken",
      method: "post",
      template: "/auth/oauth/token",
      path: "/auth/oauth/token",
      access: "public",
      form: { grant_type: "refresh_token", refresh_token: "some-refresh-token", client_id: "internal", client_secret: "__stack_public_client__" },
      success: 200,
    },
    {
      operationId: "signOut",
      method: "delete",
      template: "/auth/sessions/current",
      path: "/auth/sessions/current",
      access: "client",
      json: {},
      success: 200,
    },
    {
      operationId: "refreshCurrentSession",
      method: "post",
      template: "/auth/sessions/current/refresh",
      path: "/auth/sessions/current/refresh",
      access: "client",
      success: 200,
    },
    {
      operationId: "listSessions",
      method: "get",
      template: "/auth/sessions",
      path: "/auth/sessions?user_id=me",
      access: "client",
      success: 200,
    },
    {
      operationId: "revokeSession",
      method: "delete",
      template: "/auth/sessions/{session_id}",
      path: `/auth/sessions/${SAMPLE_UUID}?user_id=me`,
      access: "client",
      success: 200,
    },
    {
      operationId: "createSession",
      method: "post",
      template: "/auth/sessions",
      path: "/auth/sessions",
      access: "server",
      json: { user_id: SAMPLE_UUID, expires_in_millis: 3600000, is_impersonation: true },
      success: 200,
    },
    {
      operationId: "signUpAnonymously",
      method: "post",
      template: "/auth/anonymous/sign-up",
      path: "/auth/anonymous/sign-up",
      access: "client",
      success: 200,
    },
  ],
  "users-me": [
    { operationId: "getCurrentUser", method: "get", template: "/users/me", path: "/users/me", access: "client", success: 200 },
    {
      operationId: "updateCurrentUser",
      method: "patch",
      template: "/users/me",
      path: "/users/me",
      access: "client",
      json: { display_name: "Ada Lovelace" },
      success: 200,
    },
    { operationId: "deleteCurrentUser", method: "delete", template: "/users/me", path: "/users/me", access: "client", success: 200 },
  ],
  users: [
    { operationId: "listUsers", method: "get", template: "/users", path: "/users", access: "server", success: 200 },
    {
      operationId: "createUser",
      method: "post",
      template: "/users",
      path: "/users",
      access: "server",
      json: { primary_email: "ada@example.com", password: "correct horse battery", display_name: "Ada" },
      success: 201,
    },
    { operationId: "getUser", method: "get", template: "/users/{user_id}", path: `/users/${SAMPLE_UUID}`, access: "server", success: 200 },
    {
      operationId: "updateUser",
      method: "patch",
      template: "/users/{user_id}",
      path: `/users/${SAMPLE_UUID}`,
      access: "server",
      json: { display_name: "Ada", server_metadata: { plan: "pro" } },
      success: 200,
    },
    { operationId: "deleteUser", method: "delete", template: "/users/{user_id}", path: `/users/${SAMPLE_UUID}`, access: "server", success: 200 },
  ],
  "contact-channels": [
    { operationId: "listContactChannels", method: "get", template: "/contact-channels", path: "/contact-channels?user_id=me", access: "client", success: 200 },
    {
      operationId: "createContactChannel",
      method: "post",
      template: "/contact-channels",
      path: "/contact-channels",
      access: "client",
      json: { user_id: "me", value: "ada@example.com", type: "email", used_for_auth: false },
      success: 201,
    },
    { operationId: "getContactChannel", method: "get", template: "/contact-channels/{user_id}/{contact_channel_id}", path: `/contact-channels/me/${SAMPLE_UUID}`, access: "client", success: 200 },
    {
      operationId: "updateContactChannel",
      method: "patch",
      template: "/contact-channels/{user_id}/{contact_channel_id}",
      path: `/contact-channels/me/${SAMPLE_UUID}`,
      access: "client",
      json: { is_primary: true },
      success: 200,
    },
    { operationId: "deleteContactChannel", method: "delete", template: "/contact-channels/{user_id}/{contact_channel_id}", path: `/contact-channels/me/${SAMPLE_UUID}`, access: "client", success: 200 },
    {
      operationId: "sendContactChannelVerificationCode",
      method: "post",
      template: "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code",
      path: `/contact-channels/me/${SAMPLE_UUID}/send-verification-code`,
      access: "client",
      json: { callback_url: "/handler/email-verification" },
      success: 200,
    },
    {
      operationId: "sendEmailVerificationCode",
      method: "post",
      template: "/contact-channels/send-verification-code",
      path: "/contact-channels/send-verification-code",
      access: "client",
      json: { email: "ada@example.com", callback_url: "/handler/email-verification" },
      success: 200,
    },
    { operationId: "verifyContactChannel", method: "post", template: "/contact-channels/verify", path: "/contact-channels/verify", access: "client", json: { code: "ABCDEF" }, success: 200 },
    {
      operationId: "checkContactChannelVerificationCode",
      method: "post",
      template: "/contact-channels/verify/check-code",
      path: "/contact-channels/verify/check-code",
      access: "client",
      json: { code: "ABCDEF" },
      success: 200,
    },
  ],
  permissions: [
    { operationId: "listTeamPermissions", method: "get", template: "/team-permissions", path: "/team-permissions?user_id=me&recursive=true", access: "client", success: 200 },
    {
      operationId: "grantTeamPermission",
      method: "post",
      template: "/team-permissions/{team_id}/{user_id}/{permission_id}",
      path: `/team-permissions/${SAMPLE_UUID}/${SAMPLE_UUID}/read_docs`,
      access: "server",
      json: {},
      success: 201,
    },
    {
      operationId: "revokeTeamPermission",
      method: "delete",
      template: "/team-permissions/{team_id}/{user_id}/{permission_id}",
      path: `/team-permissions/${SAMPLE_UUID}/${SAMPLE_UUID}/read_docs`,
      access: "server",
      success: 200,
    },
    { operationId: "listProjectPermissions", method: "get", template: "/project-permissions", path: "/project-permissions?user_id=me", access: "client", success: 200 },
    {
      operationId: "grantProjectPermission",
      method: "post",
      template: "/project-permissions/{user_id}/{permission_id}",
      path: `/project-permissions/${SAMPLE_UUID}/read_docs`,
      access: "server",
      json: {},
      success: 201,
    },
    {
      operationId: "revokeProjectPermission",
      method: "delete",
      template: "/project-permissions/{user_id}/{permission_id}",
      path: `/project-permissions/${SAMPLE_UUID}/read_docs`,
      access: "server",
      success: 200,
    },
    { operationId: "listTeamPermissionDefinitions", method: "get", template: "/team-permission-definitions", path: "/team-permission-definitions", access: "admin", success: 200 },
    {
      operationId: "createTeamPermissionDefinition",
      method: "post",
      template: "/team-permission-definitions",
      path: "/team-permission-definitions",
      access: "admin",
      json: { id: "read_docs", description: "Read the docs", contained_permission_ids: [] },
      success: 201,
    },
    {
      operationId: "updateTeamPermissionDefinition",
      method: "patch",
      template: "/team-permission-definitions/{permission_id}",
      path: "/team-permission-definitions/read_docs",
      access: "admin",
      json: { description: "Read every doc" },
      success: 200,
    },
    { operationId: "deleteTeamPermissionDefinition", method: "delete", template: "/team-permission-definitions/{permission_id}", path: "/team-permission-definitions/read_docs", access: "admin", success: 200 },
    { operationId: "listProjectPermissionDefinitions", method: "get", template: "/project-permission-definitions", path: "/project-permission-definitions", access: "admin", success: 200 },
    {
      operationId: "createProjectPermissionDefinition",
      method: "post",
      template: "/project-permission-definitions",
      path: "/project-permission-definitions",
      access: "admin",
      json: { id: "read_docs", description: "Read the docs", contained_permission_ids: [] },
      success: 201,
    },
    {
      operationId: "updateProjectPermissionDefinition",
      method: "patch",
      template: "/project-permission-definitions/{permission_id}",
      path: "/project-permission-definitions/read_docs",
      access: "admin",
      json: { description: "Read every doc" },
      success: 200,
    },
    { operationId: "deleteProjectPermissionDefinition", method: "delete", template: "/project-permission-definitions/{permission_id}", path: "/project-permission-definitions/read_docs", access: "admin", success: 200 },
  ],
  teams: [
    { operationId: "listTeams", method: "get", template: "/teams", path: "/teams?user_id=me", access: "client", success: 200 },
    { operationId: "createTeam", method: "post", template: "/teams", path: "/teams", access: "client", json: { display_name: "Acme", creator_user_id: "me" }, success: 201 },
    { operationId: "getTeam", method: "get", template: "/teams/{team_id}", path: `/teams/${SAMPLE_UUID}`, access: "client", success: 200 },
    { operationId: "updateTeam", method: "patch", template: "/teams/{team_id}", path: `/teams/${SAMPLE_UUID}`, access: "client", json: { display_name: "Acme 2" }, success: 200 },
    { operationId: "deleteTeam", method: "delete", template: "/teams/{team_id}", path: `/teams/${SAMPLE_UUID}`, access: "client", success: 200 },
    {
      operationId: "createTeamMembership",
      method: "post",
      template: "/team-memberships/{team_id}/{user_id}",
      path: `/team-memberships/${SAMPLE_UUID}/${SAMPLE_UUID}`,
      access: "server",
      json: {},
      success: 201,
    },
    { operationId: "deleteTeamMembership", method: "delete", template: "/team-memberships/{team_id}/{user_id}", path: `/team-memberships/${SAMPLE_UUID}/me`, access: "client", success: 200 },
    { operationId: "listTeamMemberProfiles", method: "get", template: "/team-member-profiles", path: `/team-member-profiles?team_id=${SAMPLE_UUID}`, access: "client", success: 200 },
    {
      operationId: "getTeamMemberProfile",
      method: "get",
      template: "/team-member-profiles/{team_id}/{user_id}",
      path: `/team-member-profiles/${SAMPLE_UUID}/me`,
      access: "client",
      success: 200,
    },
    {
      operationId: "updateTeamMemberProfile",
      method: "patch",
      template: "/team-member-profiles/{team_id}/{user_id}",
      path: `/team-member-profiles/${SAMPLE_UUID}/me`,
      access: "client",
      json: { display_name: "Ada" },
      success: 200,
    },
    {
      operationId: "sendTeamInvitation",
      method: "post",
      template: "/team-invitations/send-code",
      path: "/team-invitations/send-code",
      access: "client",
      json: { team_id: SAMPLE_UUID, email: "ada@example.com", callback_url: "/handler/team-invitation" },
      success: 200,
    },
    { operationId: "acceptTeamInvitation", method: "post", template: "/team-invitations/accept", path: "/team-invitations/accept", access: "client", json: { code: "A".repeat(45) }, success: 200 },
    {
      operationId: "checkTeamInvitationCode",
      method: "post",
      template: "/team-invitations/accept/check-code",
      path: "/team-invitations/accept/check-code",
      access: "client",
      json: { code: "A".repeat(45) },
      success: 200,
    },
    {
      operationId: "getTeamInvitationDetails",
      method: "post",
      template: "/team-invitations/accept/details",
      path: "/team-invitations/accept/details",
      access: "client",
      json: { code: "A".repeat(45) },
      success: 200,
    },
    { operationId: "listTeamInvitations", method: "get", template: "/team-invitations", path: "/team-invitations?user_id=me", access: "client", success: 200 },
    {
      operationId: "deleteTeamInvitation",
      method: "delete",
      template: "/team-invitations/{id}",
      path: `/team-invitations/${SAMPLE_UUID}?team_id=${SAMPLE_UUID}`,
      access: "client",
      success: 200,
    },
    {
      operationId: "acceptTeamInvitationById",
      method: "post",
      template: "/team-invitations/{id}/accept",
      path: `/team-invitations/${SAMPLE_UUID}/accept?user_id=me`,
      access: "client",
      success: 200,
    },
  ],
  projects: [
    { operationId: "getCurrentProject", method: "get", template: "/projects/current", path: "/projects/current", access: "client", success: 200 },
    {
      operationId: "getProjectJwks",
      method: "get",
      template: "/projects/{project_id}/.well-known/jwks.json",
      path: "/projects/internal/.well-known/jwks.json",
      access: "public",
      success: 200,
    },
  ],
  "internal-projects": [
    {
      operationId: "createProject",
      method: "post",
      template: "/internal/projects",
      path: "/internal/projects",
      access: "client",
      json: { display_name: "Contract project", owner_team_id: SAMPLE_UUID },
      success: 201,
    },
    { operationId: "listProjects", method: "get", template: "/internal/projects", path: "/internal/projects", access: "client", success: 200 },
    {
      operationId: "getCurrentProjectAdmin",
      method: "get",
      template: "/internal/projects/current",
      path: "/internal/projects/current",
      access: "admin",
      success: 200,
    },
    {
      operationId: "updateCurrentProjectAdmin",
      method: "patch",
      template: "/internal/projects/current",
      path: "/internal/projects/current",
      access: "admin",
      json: { display_name: "Renamed", config: { sign_up_enabled: false } },
      success: 200,
    },
  ],
  "internal-api-keys": [
    {
      operationId: "createProjectApiKeySet",
      method: "post",
      template: "/internal/api-keys",
      path: "/internal/api-keys",
      access: "admin",
      json: {
        description: "contract",
        expires_at_millis: 4_102_444_800_000,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      },
      success: 201,
    },
    { operationId: "listProjectApiKeySets", method: "get", template: "/internal/api-keys", path: "/internal/api-keys", access: "admin", success: 200 },
    {
      operationId: "getProjectApiKeySet",
      method: "get",
      template: "/internal/api-keys/{id}",
      path: `/internal/api-keys/${SAMPLE_UUID}`,
      access: "admin",
      success: 200,
    },
    {
      operationId: "updateProjectApiKeySet",
      method: "patch",
      template: "/internal/api-keys/{id}",
      path: `/internal/api-keys/${SAMPLE_UUID}`,
      access: "admin",
      json: { revoked: true },
      success: 200,
    },
  ],
  emails: [
    { operationId: "listSentEmails", method: "get", template: "/internal/emails", path: "/internal/emails", access: "admin", success: 200 },
  ],
  misc: [
    { operationId: "getBackendUrls", method: "get", template: "/internal/backend-urls", path: "/internal/backend-urls", access: "public", success: 200 },
    {
      operationId: "checkFeatureSupport",
      method: "post",
      template: "/check-feature-support",
      path: "/check-feature-support",
      access: "public",
      json: { feature_name: "contract-test" },
      success: 200,
      successType: "text/plain",
    },
  ],
};
