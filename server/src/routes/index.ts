import type { Router } from "../http/router";
import { registerAdminAuditLogRoutes } from "./audit-log/admin-log";
import { registerSecurityActivityRoutes } from "./audit-log/security-activity";
import { registerAiRoutes } from "./ai/query";
import { registerAnalyticsRoutes } from "./analytics/events";
import { registerAnalyticsQueryRoutes } from "./analytics/query";
import { registerAnonymousRoutes } from "./anonymous/anonymous";
import { registerCredentialScanningRoutes } from "./api-keys/credential-scanning";
import { registerInternalApiKeyRoutes } from "./api-keys/project-keys";
import { registerTeamApiKeyRoutes } from "./api-keys/team-api-keys";
import { registerUserApiKeyRoutes } from "./api-keys/user-api-keys";
import { registerCliLoginRoutes } from "./cli/cli";
import { registerConfigRoutes } from "./config/config";
import { registerConnectedAccountRoutes } from "./connected-accounts/connected-accounts";
import { registerContactChannelRoutes } from "./contact-channels/contact-channels";
import { registerContactChannelVerificationRoutes } from "./contact-channels/verification";
import { registerDataVaultRoutes } from "./data-vault/stores";
import { registerInternalEmailRoutes } from "./emails/admin";
import { registerDeliveryRoutes } from "./emails/delivery";
import { registerEmailLibraryRoutes } from "./emails/library";
import { registerEmailLogRoutes } from "./emails/log";
import { registerManagedOnboardingRoutes } from "./emails/managed-onboarding";
import { registerNotificationPreferenceRoutes } from "./emails/notification-preferences";
import { registerOutboxRoutes } from "./emails/outbox";
import { registerRenderEmailRoutes } from "./emails/render-email";
import { registerScheduledEmailRoutes } from "./emails/scheduled";
import { registerSendEmailRoutes } from "./emails/send-email";
import { registerFeedbackRoutes } from "./feedback/feedback";
import { registerMetricsRoutes } from "./metrics/metrics";
import { registerMfaRoutes } from "./mfa/mfa";
import { registerApiRootRoutes } from "./misc/api-root";
import { registerMiscRoutes } from "./misc/backend-urls";
import { registerComponentVersionRoutes } from "./misc/component-versions";
import { registerOAuthProviderRoutes } from "./oauth-providers/oauth-providers";
import { registerOAuthRoutes } from "./oauth/oauth";
import { registerOAuthNativeAndHandoffRoutes } from "./oauth/oauth-native-and-handoff";
import { registerOAuthTokenRoutes } from "./oauth/oauth-token";
import { registerAgentCredentialRoutes } from "./oauth-apps/agent-credentials";
import { registerOAuthAppRoutes } from "./oauth-apps/apps";
import { registerOAuthAuthorizationRoutes } from "./oauth-apps/authorizations";
import { registerOAuthConnectionRoutes } from "./oauth-apps/connections";
import { registerOtpRoutes } from "./otp/otp";
import { registerPasskeyRoutes } from "./passkeys/passkeys";
import { registerPasswordRoutes } from "./password/password";
import { registerPasswordChangeRoutes } from "./password/password-change";
import { registerPasswordResetRoutes } from "./password/password-reset";
import { registerInternalPaymentRoutes } from "./payments/admin";
import { registerCustomerReadRoutes } from "./payments/customer-reads";
import { registerItemRoutes } from "./payments/items";
import { registerPaymentMethodRoutes } from "./payments/payment-methods";
import { registerProductRoutes } from "./payments/products";
import { registerPurchaseRoutes } from "./payments/purchases";
import { registerStripeWebhookRoutes } from "./payments/stripe-webhooks";
import { registerPermissionDefinitionRoutes } from "./permissions/definitions";
import { registerPermissionRoutes } from "./permissions/grants";
import { registerInternalProjectRoutes } from "./projects/admin";
import { registerCurrentProjectRoutes } from "./projects/current";
import { registerJwksRoutes } from "./projects/jwks";
import { registerLocalEmulatorRoutes } from "./projects/local-emulator";
import { registerScimDirectoryRoutes } from "./scim/directories";
import { registerSessionReplayBatchRoutes } from "./session-replays/batch";
import { registerSessionReplayRoutes } from "./session-replays/replays";
import { registerSessionRoutes } from "./sessions/sessions";
import { registerSignUpRuleRoutes } from "./sign-up-rules/sign-up-rules";
import { registerTeamInvitationRoutes } from "./teams/invitations";
import { registerTeamMemberProfileRoutes } from "./teams/member-profiles";
import { registerTeamMembershipRoutes } from "./teams/memberships";
import { registerTeamRoutes } from "./teams/teams";
import { registerCurrentUserRoutes } from "./users/me";
import { registerUserRoutes } from "./users/users";
import { registerWebhookDeliveryRoutes } from "./webhooks/deliveries";
import { registerWebhookEndpointRoutes } from "./webhooks/endpoints";
import { registerSvixRoutes } from "./webhooks/svix";
import { registerSsoConnectionRoutes } from "./sso/connections";
import { registerSsoDomainRoutes } from "./sso/domains";
import { registerSsoPortalLinkRoutes } from "./sso/portal-links";
import { registerSsoPortalRoutes } from "./sso/portal";
import { registerSsoSignInRoutes } from "./sso/sign-in";

/** Every area's routes, in the order they appear in the OpenAPI document. */
export function registerAllRoutes(router: Router): void {
  registerApiRootRoutes(router);
  registerPasswordRoutes(router);
  registerPasswordChangeRoutes(router);
  registerPasswordResetRoutes(router);
  registerOtpRoutes(router);
  registerMfaRoutes(router);
  registerPasskeyRoutes(router);
  registerOAuthRoutes(router);
  registerOAuthTokenRoutes(router);
  registerOAuthNativeAndHandoffRoutes(router);
  registerSessionRoutes(router);
  registerAnonymousRoutes(router);
  registerCliLoginRoutes(router);
  // /users/me before /users/{user_id}, so `me` with client access reaches the own-user routes.
  registerCurrentUserRoutes(router);
  registerUserRoutes(router);
  registerTeamRoutes(router);
  registerTeamMembershipRoutes(router);
  registerTeamMemberProfileRoutes(router);
  registerTeamInvitationRoutes(router);
  registerContactChannelRoutes(router);
  registerContactChannelVerificationRoutes(router);
  registerOAuthProviderRoutes(router);
  registerConnectedAccountRoutes(router);
  registerOAuthAuthorizationRoutes(router);
  registerOAuthConnectionRoutes(router);
  registerAgentCredentialRoutes(router);
  registerOAuthAppRoutes(router);
  registerScimDirectoryRoutes(router);
  registerSsoConnectionRoutes(router);
  registerSsoDomainRoutes(router);
  registerSsoPortalLinkRoutes(router);
  registerSsoPortalRoutes(router);
  registerSsoSignInRoutes(router);
  registerPermissionRoutes(router);
  registerPermissionDefinitionRoutes(router);
  registerUserApiKeyRoutes(router);
  registerTeamApiKeyRoutes(router);
  registerCredentialScanningRoutes(router);
  registerStripeWebhookRoutes(router);
  registerDataVaultRoutes(router);
  registerNotificationPreferenceRoutes(router);
  registerSendEmailRoutes(router);
  registerOutboxRoutes(router);
  registerDeliveryRoutes(router);
  registerEmailLogRoutes(router);
  registerManagedOnboardingRoutes(router);
  registerScheduledEmailRoutes(router);
  registerRenderEmailRoutes(router);
  registerCustomerReadRoutes(router);
  registerItemRoutes(router);
  registerPaymentMethodRoutes(router);
  registerProductRoutes(router);
  registerPurchaseRoutes(router);
  registerAnalyticsRoutes(router);
  registerSessionReplayBatchRoutes(router);
  registerSessionReplayRoutes(router);
  registerAnalyticsQueryRoutes(router);
  registerCurrentProjectRoutes(router);
  registerJwksRoutes(router);
  registerInternalProjectRoutes(router);
  registerInternalApiKeyRoutes(router);
  registerInternalEmailRoutes(router);
  registerEmailLibraryRoutes(router);
  registerConfigRoutes(router);
  registerLocalEmulatorRoutes(router);
  registerMetricsRoutes(router);
  registerSignUpRuleRoutes(router);
  registerInternalPaymentRoutes(router);
  registerWebhookEndpointRoutes(router);
  registerSvixRoutes(router);
  registerWebhookDeliveryRoutes(router);
  registerAdminAuditLogRoutes(router);
  registerSecurityActivityRoutes(router);
  registerMiscRoutes(router);
  registerAiRoutes(router);
  registerFeedbackRoutes(router);
  registerComponentVersionRoutes(router);
}

export const OPENAPI_TAGS = [
  { name: "Password", description: "Sign-up and sign-in with e-mail and password; setting, changing and resetting passwords." },
  { name: "OTP", description: "Sign-in with an e-mailed one-time code or link (magic link)." },
  { name: "MFA", description: "The second factor (a TOTP code) that finishes the sign-in of a user with two-factor sign-in on." },
  { name: "Passkeys", description: "Registering a passkey (WebAuthn) for the signed-in user, and signing in with it." },
  { name: "OAuth", description: "Sign-in with OAuth providers (authorize, the provider's callback) and the OAuth 2.0 token endpoint." },
  { name: "Sessions", description: "Sessions and sign-out." },
  { name: "Anonymous", description: "Anonymous users, upgraded in place by a later sign-up." },
  { name: "CLI", description: "Command-line tools signing in through the browser: start, confirm, poll." },
  { name: "Users", description: "Users and the signed-in user." },
  { name: "Teams", description: "Teams, their memberships, member profiles and invitations." },
  { name: "Permissions", description: "Team and project permissions of users, and their definitions." },
  { name: "API keys", description: "API keys owned by a user or a team, checking a presented key, revoking leaked keys, and the project's own key sets (dashboard)." },
  { name: "OAuth providers", description: "A user's linked provider accounts: whether each signs in and serves as a connected account." },
  { name: "Connected accounts", description: "Provider access tokens for a user's linked accounts, refreshed server-side." },
  {
    name: "OAuth apps",
    description:
      "The project as an OAuth 2.1 authorization server and OpenID provider for other apps, CLIs and AI agents: its apps (clients), " +
      "the authorize page's requests, and the apps each user has allowed. The protocol endpoints themselves are the OAuth server's, " +
      "at /api/v1/projects/{project_id}/oauth2 (see its /.well-known/openid-configuration).",
  },
  {
    name: "SCIM",
    description:
      "SCIM 2.0 provisioning per team: the project's SCIM directories (one team each, a bearer token shown once), and the " +
      "mapping of the groups a directory pushes to team permissions. The protocol endpoints themselves (RFC 7644: /Users, " +
      "/Groups, /ServiceProviderConfig, ...) are at /api/v1/scim/v2, called by the identity provider with the directory's token; " +
      "they speak application/scim+json and SCIM's error schema, and are described in the manual (docs/scim.md), not here.",
  },
  {
    name: "SSO",
    description:
      "Enterprise sign-in per team: SSO connections (OpenID Connect and SAML 2.0), the team's verified domains (DNS TXT), auto-join " +
      "and SSO enforcement, and the sign-in through a connection (e-mail-first discovery, the IdP's redirect and answer, SP metadata).",
  },
  { name: "Contact channels", description: "A user's e-mail addresses and their verification." },
  { name: "Projects", description: "Public project information and signing keys; creating, listing, changing, transferring and deleting projects (dashboard)." },
  { name: "Emails", description: "Sending e-mail and the outbox; notification categories, each user's choice per category and unsubscribe links; the library of drafts, templates and themes; previews, test e-mails and sign-in invitations." },
  { name: "Payments", description: "What customers (users, teams, the app's own customers) have bought and how they pay." },
  { name: "Data vault", description: "Key-value stores declared in the configuration; keys hashed and values encrypted by the client." },
  { name: "Config", description: "The layered configuration document: defaults plus project, branch and environment overrides." },
  { name: "Sign-up rules", description: "Trying a sign-up against the project's sign-up rules, and what the rules matched." },
  { name: "Webhooks", description: "Signed outbound webhooks (Standard Webhooks): endpoints, their secrets, the delivery log and test events." },
  {
    name: "Audit log",
    description:
      "The tamper-evident audit log: every sign-in, security change and admin action as an append-only, hash-chained event; " +
      "filtered pages, verification and a JSON-lines export for admins, a user's own security activity, and a team's events for its admins.",
  },
  { name: "Session replays", description: "Recordings of signed-in users' sessions (rrweb events) uploaded by the SDK, and reading them back to play." },
  { name: "Analytics", description: "Analytics events from the SDK and the server, and read-only queries over them in ClickHouse's SQL." },
  { name: "Metrics", description: "The dashboard's figures: users, sign-ups and activity over time." },
  { name: "Misc", description: "SDK housekeeping: the API root, backend URLs, feature support and component versions." },
  { name: "Feedback", description: "Feedback and bug reports to the platform's operators, kept and mailed." },
  { name: "AI", description: "Questions to the operator's language model (an OpenAI-compatible service), for the dashboard's AI features." },
];
