/**
 * Project API key sets. Each key is a random secret shown once, at creation; only its
 * SHA-256 digest and last four characters are stored. Revocation is permanent.
 */
import { recordAuditEvent } from "../audit-log/record";
import type { Tenancy } from "./tenancy";
import { hashSecret } from "../../crypto/secret-hash";
import { newId, randomToken } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import {
  findApiKeySet,
  insertApiKeySet,
  listApiKeySets,
  updateApiKeySet,
  type ProjectKeyKind,
  type StoredKey,
} from "../../db/queries/api-key-sets";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { ApiKeySet } from "../../domain/api-key-sets";

const KEY_PREFIX: Record<ProjectKeyKind, string> = {
  publishable_client_key: "pck_",
  secret_server_key: "ssk_",
  super_secret_admin_key: "sak_",
};

export function storedKey(key: string): StoredKey {
  return { hash: hashSecret(key), lastFour: key.slice(-4) };
}

export interface CreatedApiKeySet extends ApiKeySet {
  keys: Partial<Record<ProjectKeyKind, string>>;
}

export async function createApiKeySet(
  q: Queryable,
  projectId: string,
  input: { description: string; expiresAtMillis: number; kinds: ProjectKeyKind[] },
): Promise<CreatedApiKeySet> {
  const keys: Partial<Record<ProjectKeyKind, string>> = {};
  for (const kind of input.kinds) keys[kind] = KEY_PREFIX[kind] + randomToken(32);
  const record = await insertApiKeySet(q, {
    id: newId(),
    projectId,
    description: input.description,
    expiresAt: new Date(input.expiresAtMillis),
    keys: Object.fromEntries(Object.entries(keys).map(([kind, key]) => [kind, storedKey(key)])),
  });
  return { ...record, keys };
}

/** A key set the dashboard creates for the project it manages; on the project's audit log. */
export async function createProjectApiKeySet(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { description: string; expiresAtMillis: number; kinds: ProjectKeyKind[] },
): Promise<CreatedApiKeySet> {
  return deps.db.transaction(async (tx) => {
    const created = await createApiKeySet(tx, tenancy.projectId, input);
    await recordAuditEvent(deps, tx, { tenancy, action: "internal_api_key.created", target: { type: "internal_api_key", id: created.id }, details: { kinds: input.kinds } });
    return created;
  });
}

export const listProjectApiKeySets = (deps: ServiceDeps, projectId: string) => listApiKeySets(deps.db, projectId);

export async function getProjectApiKeySet(deps: ServiceDeps, projectId: string, id: string): Promise<ApiKeySet> {
  const found = await findApiKeySet(deps.db, projectId, id);
  if (!found) throw new KnownError("API_KEY_NOT_FOUND");
  return found;
}

export async function updateProjectApiKeySet(
  deps: ServiceDeps,
  tenancy: Tenancy,
  id: string,
  changes: { description?: string; revoked?: true },
): Promise<ApiKeySet> {
  const projectId = tenancy.projectId;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateApiKeySet(tx, projectId, id, { description: changes.description, revoke: changes.revoked === true });
    if (row && changes.revoked) await recordAuditEvent(deps, tx, { tenancy, action: "internal_api_key.revoked", target: { type: "internal_api_key", id } });
    return row;
  });
  if (!updated) throw new KnownError("API_KEY_NOT_FOUND");
  if (changes.revoked) deps.projectKeys.forget(projectId);
  return updated;
}
