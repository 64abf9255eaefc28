import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { clientForProvider } from "./provider-client";
import type { OAuthProviderClient } from "./provider-types";

/**
 * The client of a provider the project has switched on for this purpose: signing in needs
 * `allowSignIn`, linking either flag. Anything else is OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED;
 * a generic provider whose discovery fails is OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE.
 */
export async function runnableClient(deps: ServiceDeps, tenancy: Tenancy, providerId: string, type: "authenticate" | "link"): Promise<OAuthProviderClient> {
  const providers = tenancy.config.auth.oauth.providers;
  const config = Object.hasOwn(providers, providerId) ? providers[providerId]! : null;
  const usable = config && (type === "authenticate" ? config.allowSignIn : config.allowSignIn || config.allowConnectedAccounts);
  if (!config || !usable) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  let client: OAuthProviderClient | null;
  try {
    client = await clientForProvider(deps.settings, providerId, config);
  } catch (error) {
    if (error instanceof KnownError) throw error;
    // Discovery failed: the provider is down or not an OpenID provider.
    deps.log.warn("OAuth provider discovery failed", { providerId, error: String(error) });
    throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
  }
  if (!client) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  return client;
}
