/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled connection cannot hold a
 * LISTEN: it goes back to the pool after each query). The connection must outlive database
 * restarts: when it breaks, or cannot be opened, it is retried with exponential backoff
 * (LISTEN_RETRY_MIN_MS doubling to LISTEN_RETRY_MAX_MS), and every (re)connection is
 * reported, because notifications sent while it was down are gone for good.
 */
import pg from "pg";
import type { NotificationHandlers, NotificationListener } from "./db";

const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 2_000;
const CONNECT_TIMEOUT_MS = 5_000;

export function listenOnPostgres(connectionString: string, channel: string, handlers: NotificationHandlers): NotificationListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let closed = false;
  let connected = false;
  let failures = 0;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (closed) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MIN_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = current;
    let broken = false;
    const onBroken = () => {
      if (broken) return;
      broken = true;
      // The listener stays attached: a dead client may still emit 'error', which unhandled would end the process.
      current.end().catch(() => undefined);
      if (connected) {
        connected = false;
        handlers.disconnected();
      }
      scheduleRetry();
    };
    current.on("error", onBroken);
    current.on("end", onBroken);
    current.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.notify(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
    } catch {
      onBroken();
      return;
    }
    if (broken) return;
    if (closed) {
      await current.end().catch(() => undefined);
      return;
    }
    failures = 0;
    connected = true;
    handlers.connected();
  }

  void connect();
  return {
    get isConnected() {
      return connected;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => undefined);
    },
  };
}
