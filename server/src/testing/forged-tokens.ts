/**
 * Access tokens an attacker could build, for the bad-token cases of the security table: each
 * copies a real token's claims for a real user of the project and breaks exactly one thing
 * (the algorithm, the key, the kid, the audience, the issuer). Public material comes from
 * the project's published JWKS, as an attacker would get it.
 */
import { createPublicKey } from "node:crypto";
import { decodeJwt, generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { audienceFor, issuerFor } from "../services/sessions/access-tokens";
import { call } from "./fixtures";
import type { TestApp } from "./test-server";

interface ForgeTarget {
  t: TestApp;
  projectId: string;
  /** A real access token of the project: its claims are reused, so only the broken part differs. */
  accessToken: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function publishedKey(target: ForgeTarget): Promise<{ kid: string; jwk: Record<string, unknown> }> {
  const res = await call(target.t, "GET", `/projects/${target.projectId}/.well-known/jwks.json`);
  const jwk = res.json.keys[0] as Record<string, unknown>;
  return { kid: jwk.kid as string, jwk };
}

function freshClaims(accessToken: string): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return { ...decodeJwt(accessToken), iat: now, exp: now + 600 };
}

/** `alg: none` with the project's real kid and valid claims, and no signature. */
export async function unsignedToken(target: ForgeTarget): Promise<string> {
  const { kid } = await publishedKey(target);
  return `${base64url({ alg: "none", typ: "JWT", kid })}.${base64url(freshClaims(target.accessToken))}.`;
}

/** The classic key confusion: HS256 keyed with the project's public key, in the form named. */
export async function hs256WithPublicKey(target: ForgeTarget, form: "pem" | "der" | "jwk"): Promise<string> {
  const { kid, jwk } = await publishedKey(target);
  const key = createPublicKey({ key: jwk as never, format: "jwk" });
  const secret =
    form === "pem"
      ? new TextEncoder().encode(key.export({ type: "spki", format: "pem" }) as string)
      : form === "der"
        ? new Uint8Array(key.export({ type: "spki", format: "der" }))
        : new TextEncoder().encode(JSON.stringify(jwk));
  return new SignJWT(freshClaims(target.accessToken)).setProtectedHeader({ alg: "HS256", typ: "JWT", kid }).sign(secret);
}

/** ES256 signed with a key the project never had, under `kid` (the project's own kid, or an unknown one). */
export async function signedWithForeignKey(target: ForgeTarget, kid: "real" | "unknown"): Promise<string> {
  const { privateKey } = await generateKeyPair("ES256");
  const header = { alg: "ES256", typ: "JWT", kid: kid === "real" ? (await publishedKey(target)).kid : "unknown-kid-0000" };
  return new SignJWT(freshClaims(target.accessToken)).setProtectedHeader(header).sign(privateKey);
}

/** Signed with the project's real key, but with the audience or issuer changed. */
export async function signedWithClaims(target: ForgeTarget, change: { aud?: string; iss?: string }): Promise<string> {
  const keys = await target.t.deps.signingKeys.keysFor(target.projectId);
  const claims = {
    ...freshClaims(target.accessToken),
    aud: change.aud ?? audienceFor(target.projectId, false),
    iss: change.iss ?? issuerFor(target.t.deps.settings.publicUrl, target.projectId, false),
  };
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "JWT", kid: keys.regular.kid }).sign(keys.regular.privateKey);
}

/** A correctly signed token for `userId` that expired a minute ago. */
export async function expiredAccessToken(t: TestApp, projectId: string, userId: string): Promise<string> {
  const keys = await t.deps.signingKeys.keysFor(projectId);
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ project_id: projectId, branch_id: "main", refresh_token_id: crypto.randomUUID(), role: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: keys.regular.kid })
    .setSubject(userId)
    .setIssuer(issuerFor(t.deps.settings.publicUrl, projectId, false))
    .setAudience(audienceFor(projectId, false))
    .setIssuedAt(past)
    .setExpirationTime(past + 600)
    .sign(keys.regular.privateKey);
}
