/**
 * Our own OAuth client authentication (the SDK's side of our authorize and token
 * endpoints): the client id is the project id, optionally `#<branch>`, and the client
 * secret is a publishable client key, or the sentinel SDKs send when the project needs none
 * (the token endpoint also takes no secret at all then).
 *
 * An unknown project or branch is INVALID_OAUTH_CLIENT_ID_OR_SECRET. A project that requires
 * publishable keys refuses the sentinel (or no secret) with
 * PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT. A wrong key is INVALID_PUBLISHABLE_CLIENT_KEY at
 * the authorize endpoint, which a browser reaches with the SDK's query, and
 * INVALID_OAUTH_CLIENT_ID_OR_SECRET at the token endpoint, as OAuth clients expect there.
 */
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

/** What SDKs send as client_secret when the project needs no publishable key. */
export const PUBLIC_CLIENT_SENTINEL = "__stack_public_client__";

export async function tenancyForClient(
  deps: ServiceDeps,
  clientId: string,
  clientSecret: string | undefined,
  endpoint: "authorize" | "token",
): Promise<Tenancy> {
  const hash = clientId.indexOf("#");
  const projectId = hash === -1 ? clientId : clientId.slice(0, hash);
  const branchId = hash === -1 ? "main" : clientId.slice(hash + 1);
  const lookup = await deps.tenancies.lookup(projectId, branchId);
  if (!lookup.found) throw new KnownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  const tenancy = lookup.tenancy;
  if (clientSecret === undefined || clientSecret === PUBLIC_CLIENT_SENTINEL) {
    if (tenancy.config.project.requirePublishableClientKey) {
      throw new KnownError("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", { project_id: tenancy.projectId });
    }
    return tenancy;
  }
  if (!(await deps.projectKeys.isValid(tenancy.projectId, "publishable_client_key", clientSecret))) {
    if (endpoint === "authorize") throw new KnownError("INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: tenancy.projectId });
    throw new KnownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  }
  return tenancy;
}
