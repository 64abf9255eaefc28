/**
 * kill -9 of the server under sign-up load, five times in a row on one database: every
 * sign-up the server acknowledged (200) must be there after the restart, the last of each
 * round must still sign in, and the server must always start again on the same data (for
 * PGlite: the data folder reopens after an unclean stop). Runs on PGlite and, in the
 * PostgreSQL pass, on a database of its own on the PostgreSQL server.
 */
import { testDbKind } from "../harness";
import { afterAll, describe, expect, it } from "vitest";
import { listUserEmails, signIn, signUp } from "./internal-api";
import { freshProcessDatabase, startServerProcess, type ServerProcess } from "../harness/server-process";

const ROUNDS = 5;
const WORKERS = 8;
/** Each round kills the server once this many sign-ups were acknowledged, with eight more in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 25;
const ROUND_DEADLINE_MS = 120_000;

const kind = testDbKind();

describe(`kill -9 of the server under sign-up load (${kind})`, () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`keeps every acknowledged sign-up through ${ROUNDS} kills, and always starts again`, async () => {
    const database = await freshProcessDatabase("kill", cleanup);

    const acknowledged: string[] = [];
    const figures: Array<{ round: number; acknowledged: number; unanswered: number; lost: number }> = [];
    let server: ServerProcess = await startServerProcess(database);
    cleanup.push(() => server.kill("SIGKILL"));

    for (let round = 1; round <= ROUNDS; round++) {
      const thisRound: string[] = [];
      let unanswered = 0;
      let stop = false;
      let sequence = 0;
      const workers = Array.from({ length: WORKERS }, async (_, worker) => {
        while (!stop) {
          const email = `kill-${round}-${worker}-${sequence++}@example.com`;
          try {
            const answer = await signUp(server.url, email);
            if (answer.status === 200) thisRound.push(email);
            else if (!stop) throw new Error(`Sign-up answered ${answer.status} before the kill: ${JSON.stringify(answer.json)}`);
          } catch (error) {
            // Requests cut off by the kill have no answer: their outcome is unknown, and not counted.
            if (!stop) throw error;
            unanswered += 1;
          }
        }
      });
      const deadline = Date.now() + ROUND_DEADLINE_MS;
      while (thisRound.length < ACKNOWLEDGED_BEFORE_KILL && Date.now() < deadline && !server.exited()) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      stop = true;
      const exit = await server.kill("SIGKILL");
      expect(exit.signal).toBe("SIGKILL");
      await Promise.all(workers);
      acknowledged.push(...thisRound);

      server = await startServerProcess(database);
      const present = await listUserEmails(server.url);
      const lost = acknowledged.filter((email) => !present.has(email));
      figures.push({ round, acknowledged: thisRound.length, unanswered, lost: lost.length });
      expect(lost).toEqual([]);
      expect(thisRound.length).toBeGreaterThan(0);
      expect((await signIn(server.url, thisRound[thisRound.length - 1]!)).status).toBe(200);
    }

    console.info(`kill -9 on ${kind}: ${JSON.stringify(figures)}; ${acknowledged.length} acknowledged in all, 0 lost`);
    await server.kill("SIGTERM");
  }, 600_000);
});
