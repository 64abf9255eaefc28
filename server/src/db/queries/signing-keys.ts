import type { Queryable } from "../db";
import { jsonParam } from "./rows";

/** Session access tokens (regular and anonymous users) and the OAuth server's ID and access tokens. */
export type KeyAudience = "regular" | "anonymous" | "oauth-server";

export interface SigningKeyRecord {
  kid: string;
  audience: KeyAudience;
  publicJwk: Record<string, unknown>;
  privateJwkEncrypted: string;
}

export async function listSigningKeys(q: Queryable, projectId: string): Promise<SigningKeyRecord[]> {
  const rows = await q.query<{
    kid: string;
    audience: KeyAudience;
    public_jwk: Record<string, unknown>;
    private_jwk_encrypted: string;
  }>("SELECT kid, audience, public_jwk, private_jwk_encrypted FROM signing_keys WHERE project_id = $1", [projectId]);
  return rows.map((r) => ({
    kid: r.kid,
    audience: r.audience,
    publicJwk: r.public_jwk,
    privateJwkEncrypted: r.private_jwk_encrypted,
  }));
}

/** Inserts unless another node got there first; the caller re-reads either way. */
export async function insertSigningKey(q: Queryable, projectId: string, key: SigningKeyRecord): Promise<void> {
  await q.query(
    `INSERT INTO signing_keys (project_id, kid, audience, public_jwk, private_jwk_encrypted)
     VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (project_id, audience) DO NOTHING`,
    [projectId, key.kid, key.audience, jsonParam(key.publicJwk), key.privateJwkEncrypted],
  );
}
