/**
 * Account enumeration from outside: for password sign-in, the reset-code send and the
 * sign-in-code (OTP) send, an e-mail that has an account and one that has none get the
 * same answer (status, known-error code, body shape) in the same time: the median of the
 * known-minus-unknown differences of adjacent pairs within 5 ms. That is the difference of
 * medians with the machine's drift taken out: two requests a few milliseconds apart share
 * the machine's load, while the plain medians of two samples taken over half a minute of a
 * busy shared machine move apart by 10 ms or more on their own (both are logged). The
 * server runs as its own process, as in a deployment: a server in the test's
 * process would share its event loop with the client, which then times the server's
 * background work too. Requests alternate known/unknown, half the pairs in each order, so
 * a noisy machine slows both alike. Rate limits are lifted (RATE_LIMIT_MULTIPLIER) so every
 * sample is a real answer, not a 429.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProjectFixture,
  TEST_INTERNAL_KEYS,
  uniqueEmail,
  type ProjectFixture,
} from "../harness";
import { freshProcessDatabase, startServerProcess, type ServerProcess } from "../harness/server-process";
import { callUrl, type HttpResult } from "../support/http";

const MEDIAN_GAP_MS = 5;

let server: ServerProcess;
let project: ProjectFixture;
const cleanup: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  const database = await freshProcessDatabase("enumeration", cleanup);
  server = await startServerProcess({
    ...database,
    env: {
      RATE_LIMIT_MULTIPLIER: "100000",
      // The fixtures sign up in `internal` with the test keys.
      STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
      STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: TEST_INTERNAL_KEYS.secretServerKey,
      STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: TEST_INTERNAL_KEYS.superSecretAdminKey,
    },
  });
  cleanup.push(() => server.kill("SIGTERM"));
  const request = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
  project = await createProjectFixture({ request }, { config: { magic_link_enabled: true } });
}, 180_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The shape of a JSON value: its keys and the types of their values, recursively; no values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

interface Timed {
  result: HttpResult;
  ms: number;
}

async function timed(request: () => Promise<HttpResult>, pauseMs: number): Promise<Timed> {
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const start = performance.now();
  const result = await request();
  return { result, ms: performance.now() - start };
}

interface Samples {
  known: Timed[];
  unknown: Timed[];
  knownMedian: number;
  unknownMedian: number;
  /** The median of (known - unknown) over adjacent pairs: the shift, with slow load drifts cancelled. */
  pairedShift: number;
}

/**
 * Known/unknown pairs after a short warm-up, the order flipping every pair; `unknownEmail`
 * is a fresh address each time, as an enumerating caller would try. When the pairs of a
 * batch differ by `MEDIAN_GAP_MS` or more, another batch is pooled with it, up to `batches`:
 * noise from a busy machine shrinks as samples grow, a real difference stays, so the check
 * is as strict as one large sample while a quiet machine needs only one batch.
 */
async function compare(pairsPerBatch: number, send: (email: string) => Promise<HttpResult>, knownEmail: string, batches = 3, pause = 15): Promise<Samples> {
  for (let i = 0; i < 3; i++) {
    await send(knownEmail);
    await send(uniqueEmail("warm-up"));
  }
  const samples: Samples = { known: [], unknown: [], knownMedian: NaN, unknownMedian: NaN, pairedShift: NaN };
  for (let batch = 0; batch < batches; batch++) {
    for (let i = 0; i < pairsPerBatch; i++) {
      // A pause before each request, as a caller probing one address at a time leaves: what a
      // request leaves running after its answer (a reset mail) is not charged to the next one.
      const k = async () => samples.known.push(await timed(() => send(knownEmail), pause));
      const u = async () => samples.unknown.push(await timed(() => send(uniqueEmail("nobody")), pause));
      if (i % 2 === 0) await k().then(u);
      else await u().then(k);
    }
    samples.knownMedian = median(samples.known.map((t) => t.ms));
    samples.unknownMedian = median(samples.unknown.map((t) => t.ms));
    samples.pairedShift = median(samples.known.map((t, i) => t.ms - samples.unknown[i]!.ms));
    if (Math.abs(samples.pairedShift) < MEDIAN_GAP_MS) break;
  }
  return samples;
}

function expectSameAnswers(result: Samples, status: number, code?: string) {
  const answers = [...result.known, ...result.unknown].map(({ result: r }) => ({
    status: r.status,
    code: r.headers.get("x-stack-known-error"),
    shape: shapeOf(r.json),
  }));
  expect(answers[0]).toEqual({ status, code: code ?? null, shape: expect.anything() });
  for (const answer of answers) expect(answer).toEqual(answers[0]);
}

function expectSameTiming(label: string, result: Samples) {
  const gap = Math.abs(result.pairedShift);
  console.log(
    `${label}: known median ${result.knownMedian.toFixed(2)} ms, unknown median ${result.unknownMedian.toFixed(2)} ms, ` +
      `paired shift ${result.pairedShift.toFixed(2)} ms (n=${result.known.length} each)`,
  );
  expect(gap, `${label}: known - unknown, median of pairs ${result.pairedShift.toFixed(2)} ms`).toBeLessThan(MEDIAN_GAP_MS);
}

const post = (path: string, body: unknown) => callUrl(`${server.url}/api/v1`, "POST", path, { creds: project.client, body });

describe("a known and an unknown e-mail answer alike, in the same time", { timeout: 150_000 }, () => {
  it("password sign-in with a wrong password", async () => {
    const result = await compare(20, (email) => post("/auth/password/sign-in", { email, password: "not the password" }), project.user.email, 6);
    expectSameAnswers(result, 400, "EMAIL_PASSWORD_MISMATCH");
    expect(result.known[0]!.result.json).toEqual(result.unknown[0]!.result.json);
    expectSameTiming("password sign-in", result);
  });

  it("password reset-code send", async () => {
    // A longer pause: the mail for a known address is issued after the answer, and a probe
    // one at a time finds it done; a probe sent meanwhile shares the CPU with it.
    const callback = "http://localhost:3000/handler/password-reset";
    const result = await compare(40, (email) => post("/auth/password/send-reset-code", { email, callback_url: callback }), project.user.email, 3, 40);
    expectSameAnswers(result, 200);
    expect(result.known[0]!.result.json).toEqual(result.unknown[0]!.result.json);
    expectSameTiming("reset-code send", result);
  });

  it("sign-in code (OTP) send", async () => {
    const callback = "http://localhost:3000/handler/magic-link-callback";
    const result = await compare(40, (email) => post("/auth/otp/send-sign-in-code", { email, callback_url: callback }), project.user.email);
    expectSameAnswers(result, 200);
    expect(Object.keys(result.known[0]!.result.json)).toEqual(["nonce"]);
    expectSameTiming("OTP send", result);
  });
});
