/**
 * Per-project ES256 signing keys. Each project has one key for regular users and one for
 * anonymous users, so that a verifier that fetches only the regular JWKS can never accept
 * an anonymous user's token. Private keys are stored sealed under the server secret and
 * are never returned by any endpoint; a restart re-reads them, so tokens stay valid.
 * Keys never change once written, which makes a per-process cache safe on many nodes.
 */
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/db";
import { insertSigningKey, listSigningKeys, type KeyAudience } from "../../db/queries/signing-keys";
import type { SecretBox } from "../../crypto/secret-box";

export interface ProjectSigningKey {
  kid: string;
  audience: KeyAudience;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export type SessionKeyAudience = Exclude<KeyAudience, "oauth-server">;
export type ProjectKeys = Record<SessionKeyAudience, ProjectSigningKey>;
const SESSION_AUDIENCES: readonly SessionKeyAudience[] = ["regular", "anonymous"];

/** The secret-box purpose private signing keys are sealed under. */
export const SIGNING_KEYS_PURPOSE = "project-signing-keys";

export class SigningKeyStore {
  private readonly cache = new Map<string, Promise<ProjectKeys>>();
  private readonly oauthServerCache = new Map<string, Promise<JWK>>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  keysFor(projectId: string): Promise<ProjectKeys> {
    let keys = this.cache.get(projectId);
    if (!keys) {
      keys = this.loadOrCreate(projectId);
      keys.catch(() => this.cache.delete(projectId));
      this.cache.set(projectId, keys);
    }
    return keys;
  }

  /**
   * The private JWK (with kid, alg and use) the project's OAuth server signs with, for
   * oidc-provider's key store; created on first use, like the session keys.
   */
  oauthServerJwk(projectId: string): Promise<JWK> {
    let jwk = this.oauthServerCache.get(projectId);
    if (!jwk) {
      jwk = this.storedKeys(projectId, ["oauth-server"]).then((stored) => {
        const key = stored.find((k) => k.audience === "oauth-server");
        if (!key) throw new Error(`project ${projectId} has no OAuth server key`);
        return { ...(JSON.parse(this.box.open(key.privateJwkEncrypted)) as JWK), kid: key.kid, alg: "ES256", use: "sig" };
      });
      jwk.catch(() => this.oauthServerCache.delete(projectId));
      this.oauthServerCache.set(projectId, jwk);
    }
    return jwk;
  }

  forget(projectId: string): void {
    this.cache.delete(projectId);
    this.oauthServerCache.delete(projectId);
  }

  clear(): void {
    this.cache.clear();
    this.oauthServerCache.clear();
  }

  /** The project's keys, after creating those of `audiences` it does not have yet. */
  private async storedKeys(projectId: string, audiences: readonly KeyAudience[]) {
    let stored = await listSigningKeys(this.db, projectId);
    const missing = audiences.filter((a) => !stored.some((k) => k.audience === a));
    if (missing.length > 0) {
      for (const audience of missing) {
        const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
        const kid = randomUUID();
        const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
        const privateJwk = await exportJWK(privateKey);
        await insertSigningKey(this.db, projectId, {
          kid,
          audience,
          publicJwk,
          privateJwkEncrypted: this.box.seal(JSON.stringify(privateJwk)),
        });
      }
      stored = await listSigningKeys(this.db, projectId);
    }
    return stored;
  }

  private async loadOrCreate(projectId: string): Promise<ProjectKeys> {
    const stored = (await this.storedKeys(projectId, SESSION_AUDIENCES)).filter((k): k is typeof k & { audience: SessionKeyAudience } =>
      SESSION_AUDIENCES.includes(k.audience as SessionKeyAudience),
    );
    const entries = await Promise.all(
      stored.map(async (k) => {
        const privateJwk = JSON.parse(this.box.open(k.privateJwkEncrypted)) as JWK;
        const key: ProjectSigningKey = {
          kid: k.kid,
          audience: k.audience,
          privateKey: (await importJWK(privateJwk, "ES256")) as CryptoKey,
          publicKey: (await importJWK(k.publicJwk as JWK, "ES256")) as CryptoKey,
          publicJwk: k.publicJwk as JWK,
        };
        return [k.audience, key] as const;
      }),
    );
    return Object.fromEntries(entries) as ProjectKeys;
  }
}
