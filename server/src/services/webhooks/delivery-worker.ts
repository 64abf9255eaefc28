/**
 * Drains the webhook outbox. Every server process runs one worker; they share the outbox
 * through PostgreSQL: a commit that adds deliveries sends a NOTIFY that wakes them all, the
 * claim (db/queries/webhooks.ts) hands each due row to one of them, and a poll picks up
 * retries as they fall due and rows a dead process had claimed. A row is sent at least once;
 * a receiver that de-duplicates by webhook-id sees each event once.
 *
 * Retries follow Svix's schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): eight tries over
 * about a day, then the delivery is failed for good and stays in the log.
 */
import type { NotificationListener } from "../../db/db";
import { claimDueDeliveries, recordTry, WEBHOOK_OUTBOX_CHANNEL, type DeliveryRecord, type TryOutcome } from "../../db/queries/webhooks";
import type { WebhookPost, WebhookPostResult } from "../../integrations/webhook-sender";
import type { ServiceDeps } from "../deps";
import { postSigned } from "./signed-post";

export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export interface DeliveryOptions {
  timeoutMs: number;
  retryDelaysMs?: readonly number[];
  /** How many deliveries one process tries at once. */
  concurrency?: number;
  post?: (post: WebhookPost) => Promise<WebhookPostResult>;
}

type WorkerDeps = Pick<ServiceDeps, "db" | "tenancies" | "webhookSecrets" | "log">;

/** A claim outlives the slowest try by a wide margin, so a live claimant is never overtaken. */
export const leaseFor = (timeoutMs: number) => timeoutMs * 2 + 5_000;

function outcomeOf(result: WebhookPostResult, attempts: number, delays: readonly number[]): TryOutcome {
  const { statusCode, error, durationMs } = result;
  if (error === null) return { statusCode, error, durationMs, status: "delivered", retryInMs: 0 };
  const retryInMs = delays[attempts - 1];
  return retryInMs === undefined
    ? { statusCode, error, durationMs, status: "failed", retryInMs: 0 }
    : { statusCode, error, durationMs, status: "pending", retryInMs };
}

async function tryDelivery(deps: WorkerDeps, delivery: DeliveryRecord, options: DeliveryOptions): Promise<void> {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const lookup = await deps.tenancies.lookup(delivery.projectId, delivery.branchId);
  const endpoint = lookup.found ? lookup.tenancy.config.webhooks.endpoints[delivery.endpointId] : undefined;
  let outcome: TryOutcome;
  // Removed and disabled endpoints do not come back by waiting: no retries for them.
  if (!lookup.found || !endpoint?.url) {
    outcome = { statusCode: null, error: "The endpoint was removed", durationMs: 0, status: "failed", retryInMs: 0 };
  } else if (endpoint.enabled === false) {
    outcome = { statusCode: null, error: "The endpoint is disabled", durationMs: 0, status: "failed", retryInMs: 0 };
  } else {
    const target = { endpointId: delivery.endpointId, url: endpoint.url, allowPrivate: lookup.tenancy.config.domains.allowLocalhost };
    const result = await postSigned(deps, delivery, target, delivery, options);
    outcome = outcomeOf(result, delivery.attempts, delays);
  }
  await deps.db.transaction((tx) => recordTry(tx, delivery, outcome));
}

/**
 * Tries every due delivery, a batch at a time, until none is due; answers how many it tried.
 * Tests call this directly; the worker below calls it when woken.
 */
export async function deliverDueWebhooks(deps: WorkerDeps, options: DeliveryOptions): Promise<number> {
  const concurrency = options.concurrency ?? 8;
  let tried = 0;
  for (;;) {
    const claimed = await claimDueDeliveries(deps.db, concurrency, leaseFor(options.timeoutMs));
    if (claimed.length === 0) return tried;
    await Promise.all(
      claimed.map((delivery) =>
        tryDelivery(deps, delivery, options).catch((error: unknown) =>
          deps.log.error("A webhook delivery could not be recorded; it is tried again when its claim runs out", {
            delivery: delivery.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
    );
    tried += claimed.length;
  }
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

export function startWebhookWorker(deps: WorkerDeps, options: DeliveryOptions & { pollMs: number }): WebhookWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDueWebhooks(deps, options);
        } catch (error) {
          // The database is away (restarting, unreachable): the next poll tries again.
          deps.log.warn("Could not read the webhook outbox", { error: error instanceof Error ? error.message : String(error) });
        }
      } while (again && !stopped);
      running = null;
    })();
  };

  let listener: NotificationListener | undefined = deps.db.listen(WEBHOOK_OUTBOX_CHANNEL, {
    notify: wake,
    connected: wake,
    disconnected: () => undefined,
  });
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listener?.close();
      listener = undefined;
      await running;
    },
  };
}
