/**
 * Our own OAuth client authentication (the SDK's side of our authorize and token
 * endpoints): the client id is the project id, optionally `#<branch>`, and the client
 * secret is a publishable client key, or the sentinel SDKs send when the project needs none.
 */
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

/** What SDKs send as client_secret when the project needs no publishable key. */
export const PUBLIC_CLIENT_SENTINEL = "__stack_public_client__";

export async function tenancyForClient(deps: ServiceDeps, clientId: string, clientSecret: string): Promise<Tenancy> {
  const [projectId = "", branchId = "main"] = clientId.split("#");
  const lookup = await deps.tenancies.lookup(projectId, branchId);
  const invalid = new KnownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  if (!lookup.found) throw invalid;
  const secretOk =
    clientSecret === PUBLIC_CLIENT_SENTINEL
      ? !lookup.tenancy.config.project.requirePublishableClientKey
      : await deps.projectKeys.isValid(projectId, "publishable_client_key", clientSecret);
  if (!secretOk) throw invalid;
  return lookup.tenancy;
}
