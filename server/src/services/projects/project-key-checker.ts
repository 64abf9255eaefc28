/**
 * Project API keys (publishable client, secret server, super secret admin) are stored only
 * as SHA-256 digests and found by digest through a unique index, so checking a key never
 * compares secret material byte by byte. Valid answers are cached briefly per process;
 * a revoked key stops working on every node within KEY_CACHE_TTL_MS.
 */
import { hashSecret } from "../../crypto/secret-hash";
import type { Queryable } from "../../db/db";
import { isValidProjectKey, type ProjectKeyKind } from "../../db/queries/api-key-sets";
import { TtlCache } from "../../cache/ttl-cache";

const KEY_CACHE_TTL_MS = 2_000;

export class ProjectKeyChecker {
  private readonly valid = new TtlCache<true>(KEY_CACHE_TTL_MS, 10_000);

  constructor(private readonly db: Queryable) {}

  async isValid(projectId: string, kind: ProjectKeyKind, key: string): Promise<boolean> {
    const digest = hashSecret(key);
    const cacheKey = `${projectId}\u0000${kind}\u0000${digest}`;
    if (this.valid.get(cacheKey)) return true;
    const ok = await isValidProjectKey(this.db, projectId, kind, digest);
    if (ok) this.valid.set(cacheKey, true);
    return ok;
  }

  /** Forgets cached answers for a project after one of its keys was revoked here. */
  forget(projectId: string): void {
    this.valid.deleteWhere((key) => key.startsWith(`${projectId}\u0000`));
  }
}
