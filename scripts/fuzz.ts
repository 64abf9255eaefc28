/**
 * `npm run fuzz -- --requests 100000 [--concurrency 4] [--seed N] [--per-world 1000]`: the
 * document-driven fuzzer of test/support/fuzz against a real server on a free port (PGlite;
 * PostgreSQL when GATEHOUSE_TEST_DB=postgres and DATABASE_URL are set). Prints the request count,
 * the answers per status, how many operations reached a 2xx, and every kind of failure
 * (5xx, undocumented status, body outside its schema, dropped connection). Exits 1 on any failure.
 */
import { createConsoleLogger, silentLogger } from "../server/src/logger";
import { describeStats, REFUSING_DNS, REFUSING_SMTP, runFuzz } from "../test/support/fuzz/fuzzer";
// The test server module itself, which loads no vitest (vitest cannot be imported outside a test run).
import { startTestServer, TEST_INTERNAL_KEYS } from "../server/src/testing/test-server";
import { startStripeStandIn } from "../server/src/testing/stripe-stand-in";
import { startAiStandIn } from "../server/src/testing/ai-stand-in";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

const requests = option("requests", 10_000);
const concurrency = option("concurrency", 4);
const seed = option("seed", Date.now());
const perWorld = option("per-world", 1000);

// Stripe's API and the model service are local stand-ins, as in the CI fuzz test, so the payments
// setup routes and the AI routes can succeed.
const stripe = await startStripeStandIn();
const ai = await startAiStandIn();
const server = await startTestServer({ env: { TRUST_PROXY: "true", ...stripe.env, ...ai.env, ...REFUSING_SMTP, ...REFUSING_DNS } });
// Server errors are what the fuzzer hunts: print their stacks (the harness logs nothing by default).
(server.deps as { log: unknown }).log = { ...silentLogger, error: createConsoleLogger().error };
console.log(`fuzzing ${server.url} (${server.db.kind}): ${requests} requests, concurrency ${concurrency}, seed ${seed}`);
let lastPrinted = 0;
const stats = await runFuzz({
  baseUrl: server.url,
  internal: TEST_INTERNAL_KEYS,
  requests,
  concurrency,
  seed,
  requestsPerWorld: perWorld,
  onProgress: (s) => {
    if (s.requests - lastPrinted >= 10_000) {
      lastPrinted = s.requests;
      console.log(`… ${s.requests} requests in ${Math.round(s.millis / 1000)} s, by status ${JSON.stringify(s.byStatus)}, ${s.failures.length} failures (${s.dropped} dropped)`);
    }
  },
});
console.log(describeStats(stats));
await server.close();
await stripe.close();
await ai.close();
process.exit(stats.failures.length === 0 ? 0 : 1);
