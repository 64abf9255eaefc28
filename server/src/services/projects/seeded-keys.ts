import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { insertApiKeySet, type ProjectKeyKind } from "../../db/queries/api-key-sets";
import { storedKey } from "./project-keys-admin";

const NEVER_EXPIRES = new Date("9999-12-31T00:00:00Z");

/** Stores given key values (seeded ones, known to the operator) as a non-expiring key set. */
export async function createApiKeySetFromValues(
  q: Queryable,
  projectId: string,
  description: string,
  keys: Partial<Record<ProjectKeyKind, string>>,
) {
  return insertApiKeySet(q, {
    id: newId(),
    projectId,
    description,
    expiresAt: NEVER_EXPIRES,
    keys: Object.fromEntries(Object.entries(keys).map(([kind, value]) => [kind, storedKey(value)])),
  });
}
