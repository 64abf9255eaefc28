/**
 * The React client library: `<GatehouseProvider>` and hooks over the session layer and the
 * generated React Query hooks. Reads suspend (wrap pages in <Suspense> and an error boundary);
 * mutations are React Query mutations that refresh exactly the cached areas they change.
 */
export { GatehouseProvider, createGatehouseQueryClient, useGatehouse, type Gatehouse, type GatehouseProviderProps, type Navigate } from "./provider";
export { areaKeys } from "./keys";
export { useInvalidate } from "./invalidate";
export * from "./navigation";
export * from "./auth";
export { useUser, USER_REQUIRED_MESSAGE, ANONYMOUS_SIGN_UP_FAILED_MESSAGE, type CurrentUser, type NoUserBehaviour } from "./user/use-user";
export { useChangePassword, useDeleteAccount, useSetPassword, useUpdateUser } from "./user/mutations";
export { useProject, type Project } from "./project/use-project";
export { useSsoOffered } from "./project/use-sso-status";
export { useOwnTeamMemberProfile, useReceivedTeamInvitations, useTeamInvitations, useTeamMembers, useTeamPermissions, useTeams, type Team, type TeamInvitation, type TeamMemberProfile, type TeamPermission } from "./teams/queries";
export * from "./teams/mutations";
export { useContactChannels, type ContactChannel } from "./contact-channels/queries";
export * from "./contact-channels/mutations";
export { useSessions, type ActiveSession } from "./sessions/queries";
export { useRevokeOtherSessions, useRevokeSession } from "./sessions/mutations";
export { useSecurityActivity, useTeamActivity, type SecurityEvent } from "./audit-log/queries";
export { useApiKeys, useTeamApiKeys, type TeamApiKey, type UserApiKey } from "./api-keys/queries";
export * from "./api-keys/mutations";
export { useNotificationPreferences, type NotificationPreference } from "./notifications/queries";
export { useUpdateNotificationPreference } from "./notifications/mutations";
export { createMemoryStorage, createSession, GatehouseApiError, GatehouseNetworkError, isKnownError, type FetchLike, type Session, type SessionOptions, type TokenStorage } from "../session";
export { isKnownErrorCode, type KnownErrorCode, type OperationErrorCodes } from "../session";
export { useGetTeamInvitationDetails, useGetTeamInvitationTeamName, useCheckTeamInvitationCode } from "../react-query";
export { beginOAuth, beginSso, finishOAuth, type OAuthCallback, type OAuthStart, type OAuthTokens, type SsoStart } from "./oauth/oauth-flow";
export { useSignInWithOAuth, useSignInWithSso } from "./oauth/use-oauth";
export * from "./sso-portal/sso-portal";
export { refusalOf as cliLoginRefusalOf, useCliLoginCheck, useCompleteCliLogin, type CliLoginCheck } from "./cli/complete-cli-login";
export { RP_ID_PLACEHOLDER, useRegisterPasskey, useSignInWithPasskey } from "./passkeys/passkeys";
export { useLinkedOAuthProviders, useLinkOAuthProvider, useUnlinkOAuthProvider, type LinkedOAuthProvider } from "./oauth/linked-providers";
export { useAgentCredentials, useConnectedApps, useOAuthAuthorization, type AgentCredential, type ConnectedApp, type OAuthAuthorization } from "./oauth-apps/queries";
export { useAnswerOAuthAuthorization, useDisconnectApp, useRevokeAgentCredential } from "./oauth-apps/mutations";
export { adminQuery, adminRequest, useAdmin, useAdminQuery, type AdminAccess } from "./admin/admin-access";
export { adminKeys, type AdminKeys } from "./admin/admin-keys";
export { oauthServerUrls, type OAuthServerUrls } from "./admin/oauth-server";
/** Every generated operation (functions, hooks, query keys, types), for the dashboard's admin calls. */
export * as api from "../react-query";
