/**
 * The scopes a project's OAuth server grants, and what each lets an app read (the authorize
 * page shows these to the user, services/oauth-apps/authorizations.ts).
 */
export const OAUTH_SERVER_SCOPES = ["openid", "offline_access", "profile", "email", "teams"] as const;
export type OAuthServerScope = (typeof OAUTH_SERVER_SCOPES)[number];

export const isOAuthServerScope = (scope: string): scope is OAuthServerScope => (OAUTH_SERVER_SCOPES as readonly string[]).includes(scope);
