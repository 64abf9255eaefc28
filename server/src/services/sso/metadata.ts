import { findSsoConnection } from "../../db/queries/sso";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { samlServiceProviderMetadata, spEndpoints } from "./saml";

/** A SAML connection's SP metadata (public: the IdP's administrator reads it while setting up). */
export async function getSpMetadata(deps: ServiceDeps, projectId: string, connectionId: string): Promise<string> {
  const lookup = await deps.tenancies.lookup(projectId);
  const connection = lookup.found ? await findSsoConnection(deps.db, lookup.tenancy, null, connectionId) : null;
  if (!lookup.found || !connection || connection.protocol !== "saml") throw new KnownError("SSO_CONNECTION_NOT_FOUND", { connection_id: connectionId });
  return samlServiceProviderMetadata({
    settings: connection.settings,
    sp: spEndpoints(deps.settings.publicUrl, projectId, connection.id),
    spPrivateKey: deps.ssoSeal.open(connection.sealedSecret!),
  });
}
