/**
 * The Prometheus metrics of one server process (prom-client), in a registry of its own so that
 * several apps in one process (tests) do not count into each other. Request counts and latency
 * are labelled by operation (the OpenAPI operationId, or the route's pattern off the API), never
 * by raw path, so a scanner's random URLs cannot grow the label set. The database pool and the
 * outbox and webhook backlogs are read when Prometheus scrapes, not kept up to date in between.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Db } from "../../db/db";
import { readQueueDepths } from "../../db/queries/queue-depth";

export type SignInOutcome = "success" | "failure";

export interface Metrics {
  readonly registry: Registry;
  /** One request answered: its operation, method and status. */
  observeRequest(labels: { operation: string; method: string; status: number }, seconds: number): void;
  /** One sign-in attempt through `method` (password, otp, passkey, oauth, anonymous, mfa, cli...). */
  countSignIn(method: string, outcome: SignInOutcome, code?: string): void;
  /** A request refused by rate limit `rule`. */
  countRateLimitRefusal(rule: string): void;
}

// Auth answers in milliseconds, argon2 hashing takes ~50-100 ms, a slow SMTP wait up to seconds.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `processMetrics`: also Node's own (heap, event loop lag, GC), which a server that serves /metrics wants and a test app does not. */
export function createMetrics(db: Db, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "gatehouse_http_requests_total",
    help: "HTTP requests answered, by operation, method and status.",
    labelNames: ["operation", "method", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "gatehouse_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by operation, method and status.",
    labelNames: ["operation", "method", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({
    name: "gatehouse_sign_ins_total",
    help: "Sign-in attempts by method and outcome; failures carry the known error's code.",
    labelNames: ["method", "outcome", "code"] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "gatehouse_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by rule.",
    labelNames: ["rule"] as const,
    registers: [registry],
  });

  const pool = (name: string, help: string, read: (stats: ReturnType<Db["poolStats"]>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["database"] as const,
      registers: [registry],
      collect() {
        this.set({ database: db.kind }, read(db.poolStats()));
      },
    });
  pool("gatehouse_db_pool_max_connections", "Connections the pool may open (1 for PGlite).", (s) => s.max);
  pool("gatehouse_db_pool_open_connections", "Connections open now.", (s) => s.open);
  pool("gatehouse_db_pool_in_use_connections", "Connections running a query or transaction now.", (s) => s.inUse);
  pool("gatehouse_db_pool_waiting_requests", "Callers waiting for a free connection now.", (s) => s.waiting);
  new Counter({
    name: "gatehouse_db_pool_acquired_total",
    help: "Connections handed out by the pool (PostgreSQL).",
    labelNames: ["database"] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ database: db.kind }, db.poolStats().acquired);
    },
  });
  new Counter({
    name: "gatehouse_db_pool_acquire_wait_seconds_total",
    help: "Seconds callers waited for a connection, in all (PostgreSQL); divide by gatehouse_db_pool_acquired_total for the mean.",
    labelNames: ["database"] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ database: db.kind }, db.poolStats().acquireWaitSeconds);
    },
  });

  // One query per scrape serves both gauges of both queues.
  let depths: ReturnType<typeof readQueueDepths> | undefined;
  const readDepths = () => (depths ??= readQueueDepths(db).finally(() => setTimeout(() => (depths = undefined), 0)));
  new Gauge({
    name: "gatehouse_queue_due",
    help: "Outbox e-mails and webhook deliveries due to be worked on now.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const { outbox, webhooks } = await readDepths();
      this.set({ queue: "email_outbox" }, outbox.due);
      this.set({ queue: "webhooks" }, webhooks.due);
    },
  });
  new Gauge({
    name: "gatehouse_queue_oldest_due_age_seconds",
    help: "How long the longest-waiting due outbox e-mail or webhook delivery has waited; 0 when none is due.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      const { outbox, webhooks } = await readDepths();
      this.set({ queue: "email_outbox" }, outbox.oldestDueSeconds);
      this.set({ queue: "webhooks" }, webhooks.oldestDueSeconds);
    },
  });

  return {
    registry,
    observeRequest(labels, seconds) {
      const values = { operation: labels.operation, method: labels.method, status: String(labels.status) };
      requests.inc(values);
      latency.observe(values, seconds);
    },
    countSignIn(method, outcome, code = "") {
      signIns.inc({ method, outcome, code });
    },
    countRateLimitRefusal(rule) {
      refusals.inc({ rule });
    },
  };
}
