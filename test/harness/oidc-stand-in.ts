/**
 * A local OpenID provider to sign in through (oidc-provider), for the OAuth suites. Its own
 * module, apart from tools.ts, so that only the files that use it load oidc-provider.
 */
export { startOidcStandIn, type OidcStandIn } from "@gatehouse/server/testing/oidc-stand-in";
