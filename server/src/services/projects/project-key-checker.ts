/**
 * Project API keys (publishable client, secret server, super secret admin) are stored only
 * as SHA-256 digests and found by digest through a unique index, so checking a key never
 * compares secret material byte by byte. Valid answers are cached per process until the
 * key expires; a revocation reaches every process by notification (services/cache-sync.ts),
 * and KEY_CACHE_TTL_MS only bounds staleness should that ever fail.
 */
import { hashSecret } from "../../crypto/secret-hash";
import type { Queryable } from "../../db/db";
import { isValidProjectKey, type ProjectKeyKind } from "../../db/queries/api-key-sets";
import { TtlCache } from "../../cache/ttl-cache";

export const KEY_CACHE_TTL_MS = 30_000;

export class ProjectKeyChecker {
  private readonly valid = new TtlCache<true>(KEY_CACHE_TTL_MS, 10_000);

  constructor(private readonly db: Queryable) {}

  async isValid(projectId: string, kind: ProjectKeyKind, key: string): Promise<boolean> {
    const digest = hashSecret(key);
    const cacheKey = `${projectId}\u0000${kind}\u0000${digest}`;
    if (this.valid.get(cacheKey)) return true;
    const expiresAtMillis = await isValidProjectKey(this.db, projectId, kind, digest);
    if (expiresAtMillis === null) return false;
    this.valid.set(cacheKey, true, expiresAtMillis);
    return true;
  }

  /** Forgets cached answers for a project after one of its keys was revoked here. */
  forget(projectId: string): void {
    this.valid.deleteWhere((key) => key.startsWith(`${projectId}\u0000`));
  }

  clear(): void {
    this.valid.deleteWhere(() => true);
  }
}
