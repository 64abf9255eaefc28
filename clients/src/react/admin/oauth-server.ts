/**
 * For a project's admins: the addresses an app is configured with to sign users in with the
 * project's OAuth server. The server's issuer is `<public URL>/api/v1/projects/<project>/oauth2`,
 * and its OpenID metadata (RFC 8414's too) names every other endpoint; it answers only while the
 * configuration key `oauthServer.enabled` is true.
 */
export interface OAuthServerUrls {
  /** The issuer (`iss` of what it signs), which OpenID and OAuth libraries discover from. */
  issuer: string;
  /** The OpenID discovery document. */
  discovery: string;
}

/** The OAuth server's addresses for `projectId`, on the server at `origin` (`https://auth.example.com`). */
export function oauthServerUrls(origin: string, projectId: string): OAuthServerUrls {
  const issuer = `${origin.replace(/\/+$/, "")}/api/v1/projects/${encodeURIComponent(projectId)}/oauth2`;
  return { issuer, discovery: `${issuer}/.well-known/openid-configuration` };
}
