/**
 * Password hashes of users moved in from another platform, checked until the user's first
 * sign-in replaces them with argon2id (password.ts). Besides argon2 and bcrypt (checked by
 * their own libraries), two families are stored as PHC-style strings:
 *
 *   $pbkdf2-sha1|sha256|sha512$i=<iterations>,l=<key bytes>$<salt>$<hash>
 *     PBKDF2-HMAC as Auth0's custom_password_hash takes it; salt and hash in base64 (padded or
 *     not, and passlib's "." for "+" accepted).
 *   $firebase-scrypt$r=<rounds>,m=<mem cost>,sep=<salt separator>,key=<signer key>$<salt>$<hash>
 *     Firebase Auth's modified scrypt: the key derived by scrypt(password, salt ‖ separator,
 *     N = 2^m, r, p = 1, 32 bytes) is used as an AES-256-CTR key (zero counter block) to
 *     encrypt the project's signer key; the result is the stored hash. Every value is the
 *     base64 Firebase shows (`auth:export` for salt and hash, the console for the rest).
 *
 * The work factors come from files an operator imports, so they are bounded: a hash that
 * would make each sign-in attempt cost seconds (or gigabytes) is refused at import. Digests
 * are compared with timingSafeEqual. Both run on libuv's thread pool, not the event loop.
 */
import { createCipheriv, pbkdf2, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

const PBKDF2 = /^\$pbkdf2-(sha1|sha256|sha512)\$i=(\d+),l=(\d+)\$([A-Za-z0-9+/.]+=*)\$([A-Za-z0-9+/.]+=*)$/;
const FIREBASE_SCRYPT = /^\$firebase-scrypt\$r=(\d+),m=(\d+),sep=([A-Za-z0-9+/]*=*),key=([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]*=*)\$([A-Za-z0-9+/]+=*)$/;
const PBKDF2_MAX_ITERATIONS = 1_000_000;
const SCRYPT_MAX_MEM_COST = 16;
const SCRYPT_MAX_ROUNDS = 16;

interface Pbkdf2Hash {
  digest: "sha1" | "sha256" | "sha512";
  iterations: number;
  salt: Buffer;
  hash: Buffer;
}

interface FirebaseScryptHash {
  rounds: number;
  memCost: number;
  saltSeparator: Buffer;
  signerKey: Buffer;
  salt: Buffer;
  hash: Buffer;
}

function base64(text: string): Buffer {
  return Buffer.from(text.replaceAll(".", "+"), "base64");
}

export function parsePbkdf2(stored: string): Pbkdf2Hash | undefined {
  const match = PBKDF2.exec(stored);
  if (!match) return undefined;
  const [, digest, iterations, length, salt, hash] = match;
  const parsed = { digest: digest as Pbkdf2Hash["digest"], iterations: Number(iterations), salt: base64(salt!), hash: base64(hash!) };
  const ok = parsed.iterations >= 1 && parsed.iterations <= PBKDF2_MAX_ITERATIONS && parsed.hash.length === Number(length) && parsed.hash.length >= 16;
  return ok ? parsed : undefined;
}

export function parseFirebaseScrypt(stored: string): FirebaseScryptHash | undefined {
  const match = FIREBASE_SCRYPT.exec(stored);
  if (!match) return undefined;
  const [, rounds, memCost, separator, key, salt, hash] = match;
  const parsed = {
    rounds: Number(rounds),
    memCost: Number(memCost),
    saltSeparator: base64(separator!),
    signerKey: base64(key!),
    salt: base64(salt!),
    hash: base64(hash!),
  };
  const ok = parsed.rounds >= 1 && parsed.rounds <= SCRYPT_MAX_ROUNDS && parsed.memCost >= 1 && parsed.memCost <= SCRYPT_MAX_MEM_COST && parsed.hash.length > 0;
  return ok ? parsed : undefined;
}

export function formatFirebaseScrypt(params: { rounds: number; memCost: number; saltSeparator: string; signerKey: string }, salt: string, hash: string): string {
  return `$firebase-scrypt$r=${params.rounds},m=${params.memCost},sep=${params.saltSeparator},key=${params.signerKey}$${salt}$${hash}`;
}

export async function verifyPbkdf2(hash: Pbkdf2Hash, password: string): Promise<boolean> {
  const derived = await pbkdf2Async(password, hash.salt, hash.iterations, hash.hash.length, hash.digest);
  return timingSafeEqual(derived, hash.hash);
}

export async function firebaseScryptDigest(hash: Omit<FirebaseScryptHash, "hash">, password: string): Promise<Buffer> {
  const N = 2 ** hash.memCost;
  const derivedKey = await scryptAsync(password, Buffer.concat([hash.salt, hash.saltSeparator]), 32, {
    N,
    r: hash.rounds,
    p: 1,
    maxmem: 256 * N * hash.rounds,
  });
  const cipher = createCipheriv("aes-256-ctr", derivedKey, Buffer.alloc(16));
  return Buffer.concat([cipher.update(hash.signerKey), cipher.final()]);
}

export async function verifyFirebaseScrypt(hash: FirebaseScryptHash, password: string): Promise<boolean> {
  const digest = await firebaseScryptDigest(hash, password);
  return digest.length === hash.hash.length && timingSafeEqual(digest, hash.hash);
}
