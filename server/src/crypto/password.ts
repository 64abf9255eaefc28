/**
 * Password hashing with argon2id at the OWASP-recommended minimum (19 MiB, 2 passes,
 * parallelism 1). Hashing is deliberately expensive, so a semaphore bounds how many run at
 * once: a burst of sign-ins queues here instead of starving every other request of CPU.
 * Sign-in for an unknown e-mail verifies against a fixed dummy hash, so that path costs the
 * same as a wrong password and the two cannot be told apart by timing.
 */
import argon2 from "argon2";
import { availableParallelism } from "node:os";

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

const hashing = new Semaphore(Math.max(1, availableParallelism() - 1));
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
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
