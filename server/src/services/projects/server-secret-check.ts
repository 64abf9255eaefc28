/**
 * A server must run with the secret its database was set up with. With another one no
 * sealed signing key opens, so every sign-in fails while the server looks healthy: that is
 * what happens when two development data folders, each with its own generated secret, share
 * one PostgreSQL. So the secret is checked at start, before anything is served, against a
 * verifier the first start stored (crypto/secret-verifier.ts); a database set up before
 * verifiers existed is checked by opening one of its sealed signing keys, then gets one.
 */
import { createSecretBox } from "../../crypto/secret-box";
import { serverSecretVerifier, verifierMatches } from "../../crypto/secret-verifier";
import type { Db } from "../../db/db";
import { findAnySealedSigningKey, readServerSecretVerifier, recordServerSecretVerifier } from "../../db/queries/server-secret";
import { SIGNING_KEYS_PURPOSE } from "../sessions/signing-keys";

/** Where the secret came from, to say what to change when it is the wrong one. */
export interface SecretOrigin {
  source: "env" | "file" | "generated";
  /** The data folder's server-secret file (read or written, or unused when the secret came from the environment). */
  file: string;
}

export class ServerSecretMismatchError extends Error {
  constructor(origin: SecretOrigin) {
    super(mismatchMessage(origin));
    this.name = "ServerSecretMismatchError";
  }
}

/** Resolves when `secret` is this database's secret (recording the verifier if there was none); throws otherwise. */
export async function checkServerSecret(db: Db, secret: string, origin: SecretOrigin): Promise<"matched" | "recorded"> {
  const stored = await readServerSecretVerifier(db);
  if (stored !== null) {
    if (!verifierMatches(secret, stored)) throw new ServerSecretMismatchError(origin);
    return "matched";
  }
  const sealedKey = await findAnySealedSigningKey(db);
  if (sealedKey !== null && !opens(secret, sealedKey)) throw new ServerSecretMismatchError(origin);
  const recorded = await recordServerSecretVerifier(db, serverSecretVerifier(secret));
  // Another node recorded its own secret between our read and our write.
  if (!verifierMatches(secret, recorded)) throw new ServerSecretMismatchError(origin);
  return "recorded";
}

function opens(secret: string, sealed: string): boolean {
  try {
    createSecretBox(secret, SIGNING_KEYS_PURPOSE).open(sealed);
    return true;
  } catch {
    return false;
  }
}

function mismatchMessage(origin: SecretOrigin): string {
  const problem =
    "The server secret is not the one this database was set up with: its sealed signing keys would not open and every sign-in would fail, so the server does not start.";
  if (origin.source === "env") {
    return `${problem} Set STACK_SERVER_SECRET to the secret the database was set up with (the one its other servers use).`;
  }
  const read = origin.source === "generated" ? `generated a new secret in ${origin.file}` : `read its secret from ${origin.file}`;
  return (
    `${problem} This server ${read}. Set STACK_SERVER_SECRET to the secret the database was set up with, ` +
    `or put that secret in ${origin.file} (copy the server-secret file of the data folder that set the database up).`
  );
}
