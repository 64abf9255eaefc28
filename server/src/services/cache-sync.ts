/**
 * Keeps this process's caches in step with the database when several processes share it.
 *
 * Triggers (migration 0012) send NOTIFY on CHANGES_CHANNEL when a project, its branches,
 * configuration, API keys or signing keys change ("project:<id>") and when a session ends
 * ("session:<id>"). Here one listening connection per process turns them into cache
 * invalidations and revocations. Staleness is bounded in every state:
 * - listener up: a change is seen as soon as its notification arrives (milliseconds after
 *   the commit); the caches' own TTL (tenancy.ts, project-key-checker.ts) is only a backstop;
 * - listener down (PostgreSQL restarting, network): project caches are flushed every
 *   FLUSH_WHILE_DISCONNECTED_MS and revocations polled every POLL_DISCONNECTED_MS;
 * - listener back: everything is flushed and revocations are read again, because
 *   notifications sent meanwhile are lost.
 * On PGlite the one process is the only writer and the listener is in process.
 */
import type { NotificationListener } from "../db/db";
import type { ServiceDeps } from "./deps";

export const CHANGES_CHANNEL = "gatehouse_changes";
const TICK_MS = 250;
const FLUSH_WHILE_DISCONNECTED_MS = 2_000;

export interface CacheSync {
  stop(): Promise<void>;
}

type SyncedDeps = Pick<ServiceDeps, "db" | "tenancies" | "projectKeys" | "signingKeys" | "revokedSessions">;

export function forgetProject(deps: SyncedDeps, projectId: string): void {
  deps.tenancies.forget(projectId);
  deps.projectKeys.forget(projectId);
  deps.signingKeys.forget(projectId);
}

function flushAll(deps: SyncedDeps): void {
  deps.tenancies.clear();
  deps.projectKeys.clear();
  deps.signingKeys.clear();
}

/** Starts listening and polling; resolves once the revoked sessions of the recent past are loaded. */
export async function startCacheSync(deps: SyncedDeps): Promise<CacheSync> {
  let listener: NotificationListener | undefined;
  listener = deps.db.listen(CHANGES_CHANNEL, {
    notify(payload) {
      const colon = payload.indexOf(":");
      const kind = payload.slice(0, colon);
      const id = payload.slice(colon + 1);
      if (kind === "project") forgetProject(deps, id);
      else if (kind === "session") deps.revokedSessions.add(id);
    },
    connected() {
      flushAll(deps);
      void deps.revokedSessions.catchUp();
    },
    disconnected() {
      flushAll(deps);
    },
  });
  await deps.revokedSessions.catchUp();

  let lastFlush = Date.now();
  const timer = setInterval(() => {
    const connected = listener?.isConnected ?? false;
    if (!connected && Date.now() - lastFlush >= FLUSH_WHILE_DISCONNECTED_MS) {
      lastFlush = Date.now();
      deps.tenancies.clear();
      deps.projectKeys.clear();
    }
    void deps.revokedSessions.poll(connected);
  }, TICK_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await listener?.close();
      listener = undefined;
    },
  };
}
