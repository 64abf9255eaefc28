/**
 * `npm run bench:retention`: the retention sweeper after a sign-in flood from 100,000
 * addresses, on PostgreSQL. The flood's rate-limit windows (three per attempt: the address,
 * the address and e-mail, the e-mail) are written straight into the table, ended, beside
 * 1,000 open windows that must survive; then one sweep runs while rate-limit hits on other
 * keys keep arriving, as sign-ins would. Prints how long the sweep took, its slowest batch
 * (the longest any row lock was held), the hits' latency during the sweep, and the table's
 * row count before and after. BENCH_RETENTION_ADDRESSES changes the flood's size.
 */
import { openPostgresDb } from "../../server/src/db/postgres";
import { migrate } from "../../server/src/db/migrate";
import { deleteStaleBatch, type SweptTable } from "../../server/src/db/queries/retention";
import { hitRateLimit } from "../../server/src/db/queries/rate-limits";
import { SWEEP_BATCH } from "../../server/src/services/retention/sweeper";
import { adminDatabaseUrl, createDatabase } from "./gatehouse-process";

const ADDRESSES = Number(process.env.BENCH_RETENTION_ADDRESSES ?? 100_000);
const OPEN_WINDOWS = 1_000;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main() {
  const database = await createDatabase(adminDatabaseUrl());
  const db = await openPostgresDb(database.url);
  try {
    await migrate(db);
    const seeded = performance.now();
    for (const rule of ["sign-in:ip", "sign-in:email-ip", "sign-in:email"]) {
      await db.query(
        `INSERT INTO rate_limits (key, window_start, count, expires_at)
         SELECT 'flood:main:${rule}:' || g, now() - interval '2 minutes', 1, now() - interval '1 minute' FROM generate_series(1, $1::int) g`,
        [ADDRESSES],
      );
    }
    await db.query(
      `INSERT INTO rate_limits (key, window_start, count, expires_at)
       SELECT 'floor:main:sign-in:ip:' || g, now(), 1, now() + interval '1 hour' FROM generate_series(1, $1::int) g`,
      [OPEN_WINDOWS],
    );
    await db.query("VACUUM ANALYZE rate_limits");
    const count = async () => Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM rate_limits"))[0]!.n);
    const before = await count();
    console.log(`seeded ${before} windows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    // Sign-ins keep counting while the sweep runs.
    let sweeping = true;
    const hitLatencies: number[] = [];
    const traffic = (async () => {
      let i = 0;
      while (sweeping) {
        const started = performance.now();
        await hitRateLimit(db, `live:main:sign-in:ip:${i++ % 500}`, 3600);
        hitLatencies.push(performance.now() - started);
      }
    })();

    const batches: number[] = [];
    const table: SweptTable = "rate_limits";
    const started = performance.now();
    let deleted = 0;
    for (;;) {
      const batchStarted = performance.now();
      const n = await deleteStaleBatch(db, table, SWEEP_BATCH, 0);
      batches.push(performance.now() - batchStarted);
      deleted += n;
      if (n < SWEEP_BATCH) break;
    }
    const sweepMs = performance.now() - started;
    sweeping = false;
    await traffic;
    const after = await count();

    const figures = {
      addresses: ADDRESSES,
      windows_before: before,
      windows_after: after,
      floor: OPEN_WINDOWS + 500,
      deleted,
      sweep_seconds: Number((sweepMs / 1000).toFixed(2)),
      rows_per_second: Math.round(deleted / (sweepMs / 1000)),
      batches: batches.length,
      slowest_batch_ms: Number(Math.max(...batches).toFixed(1)),
      median_batch_ms: Number(percentile(batches, 0.5).toFixed(1)),
      hits_during_sweep: hitLatencies.length,
      hit_p50_ms: Number(percentile(hitLatencies, 0.5).toFixed(2)),
      hit_p99_ms: Number(percentile(hitLatencies, 0.99).toFixed(2)),
      hit_max_ms: Number(Math.max(...hitLatencies).toFixed(2)),
    };
    console.table(figures);
    if (after !== OPEN_WINDOWS + Math.min(500, hitLatencies.length)) {
      throw new Error(`the table did not return to its floor: ${after} rows left`);
    }
  } finally {
    await db.close();
    await database.drop();
  }
}

await main();
