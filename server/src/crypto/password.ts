/**
 * Password hashing with argon2id at the OWASP-recommended minimum (19 MiB, 2 passes,
 * parallelism 1). The argon2 package runs each hash as a native job on libuv's thread pool,
 * never on the event loop, so a sign-in load keeps the loop free for other requests.
 *
 * A semaphore bounds how many run at once: one per core, so sign-in can use the whole
 * machine (with one fewer, a 2-core bench run had sign-in at 0.78 of argon2's ceiling, with
 * one per core at 0.97), but never every thread of the pool, which WebCrypto (token
 * signing), zlib and file access share: at least one thread stays free for them.
 * Sign-in for an unknown e-mail verifies against a fixed dummy hash, so that path costs the
 * same as a wrong password and the two cannot be told apart by timing.
 *
 * Users moved in from another platform may arrive with bcrypt hashes (`password_hash` on
 * server create and update, and the importer; Auth0, Supabase and Stack Auth export bcrypt).
 * They are checked with bcryptjs, whose async compare yields to the event loop between
 * rounds, and bounded at 2^14 rounds so an imported hash cannot make every sign-in attempt a
 * denial of service. PBKDF2 and Firebase's scrypt are in imported-password-hashes.ts. After a
 * successful check the caller stores an argon2id hash of our parameters instead (needsRehash).
 */
import type argon2 from "argon2";
import bcrypt from "bcryptjs";
import { availableParallelism } from "node:os";
import { parseFirebaseScrypt, parsePbkdf2, verifyFirebaseScrypt, verifyPbkdf2 } from "./imported-password-hashes";

/** argon2's `argon2id` type constant, written out so the options exist before the addon is loaded. */
const ARGON2ID: typeof argon2.argon2id = 2;
const ARGON2_OPTIONS = { type: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let argon2Module: Promise<typeof argon2> | undefined;
/**
 * The argon2 native addon, loaded once. It is not imported at the top: loading it is among the
 * costliest steps of a start, and main.ts begins it as soon as the server listens, so a broken
 * install still shows at start, in the log, rather than as a failed sign-in.
 */
export function loadArgon2(): Promise<typeof argon2> {
  return (argon2Module ??= import("argon2").then((module) => module.default));
}

export class Semaphore {
  private available: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.available = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.available > 0) this.available--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.available++;
    }
  }
}

/** libuv's own default; main.ts passes UV_THREADPOOL_SIZE when a deployment sets it. */
const DEFAULT_THREAD_POOL_SIZE = 4;

export function hashingConcurrency(threadPoolSize = DEFAULT_THREAD_POOL_SIZE, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, threadPoolSize - 1));
}

let hashing = new Semaphore(hashingConcurrency());

/** Sizes the semaphore for the process's thread pool; called once at start, before any hashing. */
export function setThreadPoolSize(threadPoolSize: number): void {
  hashing = new Semaphore(hashingConcurrency(threadPoolSize));
}
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hashing.run(async () => (await loadArgon2()).hash(password, ARGON2_OPTIONS));
}

const BCRYPT_HASH = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2_HASH = /^\$argon2(id|i|d)\$/;
const BCRYPT_MAX_COST = 14;

/**
 * Whether a hash given by an administrator can be stored: argon2 in PHC format, bcrypt of at
 * most 2^14 rounds, or PBKDF2 and Firebase scrypt in the forms of imported-password-hashes.ts.
 */
export function isImportablePasswordHash(hash: string): boolean {
  if (ARGON2_HASH.test(hash)) return true;
  if (parsePbkdf2(hash) || parseFirebaseScrypt(hash)) return true;
  const cost = BCRYPT_HASH.exec(hash)?.[1];
  return cost !== undefined && Number(cost) >= 4 && Number(cost) <= BCRYPT_MAX_COST;
}

const OWN_ARGON2_PARAMETERS = [`m=${ARGON2_OPTIONS.memoryCost}`, `p=${ARGON2_OPTIONS.parallelism}`, `t=${ARGON2_OPTIONS.timeCost}`].join();

/** True for a stored hash that is not argon2id of this server's parameters: replace it after the next successful check. */
export function needsRehash(hash: string): boolean {
  const parameters = /^\$argon2id\$v=19\$([^$]+)\$/.exec(hash)?.[1];
  return parameters?.split(",").sort().join() !== OWN_ARGON2_PARAMETERS;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  // Outside the catch below: an addon that cannot load is an outage, not a wrong password.
  const argon2 = await loadArgon2();
  return hashing.run(async () => {
    try {
      if (BCRYPT_HASH.test(hash)) return isImportablePasswordHash(hash) && (await bcrypt.compare(password, hash));
      const pbkdf2 = parsePbkdf2(hash);
      if (pbkdf2) return await verifyPbkdf2(pbkdf2, password);
      const firebase = parseFirebaseScrypt(hash);
      if (firebase) return await verifyFirebaseScrypt(firebase, password);
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** Spends the same work as a real verification and always answers false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("gatehouse-dummy-password-for-equal-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
