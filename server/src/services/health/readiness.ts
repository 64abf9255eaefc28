/**
 * Readiness: whether this process should be sent traffic. It is when its database answers and
 * holds every migration this version knows (a process started before another applied newer
 * ones is still ready; one whose schema is behind is not). Liveness is only that the process
 * answers, so an orchestrator restarts a hung process but not one whose database is away.
 */
import { pendingMigrations } from "../../db/migrate";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";

/** A database that does not answer within this long counts as down; probes expect an answer in seconds. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export type Check = { status: "ok" } | { status: "failing"; reason: string };

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check & { pending?: string[] } };
}

export async function checkReadiness(deps: Pick<ServiceDeps, "db">): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`)), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([pendingMigrations(deps.db), timeout]);
    const migrations: Readiness["checks"]["migrations"] =
      pending.length === 0 ? { status: "ok" } : { status: "failing", reason: `${pending.length} migration(s) not applied`, pending };
    return { ready: pending.length === 0, checks: { database: { status: "ok" }, migrations } };
  } catch (error) {
    const reason = describeFailure(error);
    return {
      ready: false,
      checks: { database: { status: "failing", reason }, migrations: { status: "failing", reason: "the database did not answer" } },
    };
  } finally {
    clearTimeout(timer);
  }
}

/** What failed, without the driver's message: the probe is unauthenticated, and messages name databases and roles. */
function describeFailure(error: unknown): string {
  if (error instanceof KnownError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return `the database answered error ${code}`;
  if (error instanceof Error && error.message.startsWith("no answer within")) return error.message;
  return "the database could not be queried";
}
