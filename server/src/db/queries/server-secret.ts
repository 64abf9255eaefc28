import type { Queryable } from "../db";

export async function readServerSecretVerifier(q: Queryable): Promise<string | null> {
  const rows = await q.query<{ verifier: string }>("SELECT verifier FROM server_secret_verifier");
  return rows[0]?.verifier ?? null;
}

/** Records the verifier unless a node starting at the same time got there first; returns the one stored. */
export async function recordServerSecretVerifier(q: Queryable, verifier: string): Promise<string> {
  await q.query("INSERT INTO server_secret_verifier (verifier) VALUES ($1) ON CONFLICT (singleton) DO NOTHING", [verifier]);
  return (await readServerSecretVerifier(q))!;
}

/** One sealed private signing key of any project, to test a secret against a database set up before verifiers. */
export async function findAnySealedSigningKey(q: Queryable): Promise<string | null> {
  const rows = await q.query<{ sealed: string }>("SELECT private_jwk_encrypted AS sealed FROM signing_keys ORDER BY created_at LIMIT 1");
  return rows[0]?.sealed ?? null;
}
