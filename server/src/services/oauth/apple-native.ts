/**
 * Sign in with Apple from a native iOS or macOS app (POST /auth/oauth/callback/apple/native).
 * The app runs Apple's own sign-in sheet and sends us the identity token Apple gave it; there
 * is no redirect, no code and no Apple access token. The token is a JWT that Apple signs: we
 * check its signature against Apple's published keys, its issuer, its expiry, and that its
 * audience is one of the bundle ids configured for the project's `apple` provider (a token
 * Apple issued to some other app must not sign in here). Then it signs in like any other
 * provider account (accounts.ts), and ends where every sign-in ends (finishSignIn), so a user
 * with a second factor is asked for it.
 */
import { createRemoteJWKSet, jwtVerify } from "jose";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { finishSignIn } from "../auth/finish-sign-in";
import type { SignInResult } from "../auth/mfa-sign-in";
import { appleBundleIds } from "../project-config/project-view";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";
import { signInWithProviderAccount } from "./accounts";

const APPLE_ISSUER = "https://appleid.apple.com";
const APPLE_JWKS = "https://appleid.apple.com/auth/keys";
/** The config id native sign-in uses, as in Stack Auth. */
const APPLE_PROVIDER_ID = "apple";

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function appleKeys(url: string) {
  let keys = keySets.get(url);
  if (!keys) {
    // jose keeps the fetched keys and refetches when a token names an unknown key id.
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keySets.set(url, keys);
  }
  return keys;
}

export async function signInWithAppleIdToken(deps: ServiceDeps, tenancy: Tenancy, idToken: string, client: ClientInfo): Promise<SignInResult> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: client.ip }]);
  const providers = tenancy.config.auth.oauth.providers;
  const provider = Object.hasOwn(providers, APPLE_PROVIDER_ID) ? providers[APPLE_PROVIDER_ID]! : null;
  if (!provider || !provider.allowSignIn) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const audiences = appleBundleIds(provider) ?? [];
  if (audiences.length === 0) throw new KnownError("APPLE_BUNDLE_ID_NOT_CONFIGURED");

  const endpoints = deps.settings.oauthEndpoints.apple;
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, appleKeys(endpoints?.jwks_uri ?? APPLE_JWKS), {
      issuer: endpoints?.issuer ?? APPLE_ISSUER,
      audience: audiences,
      algorithms: ["RS256", "ES256"],
    }));
  } catch {
    throw new KnownError("INVALID_APPLE_CREDENTIALS");
  }
  const accountId = typeof claims.sub === "string" && claims.sub ? claims.sub : null;
  if (!accountId) throw new KnownError("INVALID_APPLE_CREDENTIALS");
  const email = typeof claims.email === "string" && claims.email ? claims.email : null;
  const { userId, isNewUser } = await signInWithProviderAccount(deps, tenancy, {
    providerConfigId: APPLE_PROVIDER_ID,
    profile: {
      accountId,
      email,
      emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
      displayName: null,
      profileImageUrl: null,
    },
    tokens: null,
  });
  return finishSignIn(deps, tenancy, userId, client, { isNewUser, method: "oauth" }, () => new KnownError("USER_NOT_FOUND"));
}
