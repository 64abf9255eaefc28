import type { Db } from "../db/db";
import { projectExists } from "../db/queries/imports";
import { verifyAuditLog } from "../services/audit-log/verify";
import { CliError } from "./cli-error";

/** Exit code of a verification that found the chain broken. */
export const AUDIT_CHAIN_BROKEN = 4;

/** `audit verify --project <id> [--branch <id>]`: recomputes the project branch's audit chain. */
export async function runAudit(
  openDatabase: () => Promise<Db>,
  args: { action: string; project: string; branch: string },
  out: (line: string) => void,
): Promise<number> {
  if (args.action !== "verify") throw new CliError(`Unknown audit action "${args.action}"; use: audit verify --project <id>.`, 2);
  const db = await openDatabase();
  try {
    if (!(await projectExists(db, args.project))) throw new CliError(`There is no project "${args.project}" in this database.`, 1);
    const result = await verifyAuditLog({ db }, { projectId: args.project, branchId: args.branch });
    const where = `${args.project} (branch ${args.branch})`;
    const from = result.checkpointSeq > 0 ? ` from the retention checkpoint at seq ${result.checkpointSeq}` : "";
    if (result.valid) {
      out(`The audit log of ${where} verifies: ${result.checkedEvents} events${from}, up to seq ${result.lastSeq}.`);
      return 0;
    }
    const broken = result.firstBroken!;
    out(
      `The audit log of ${where} is broken at seq ${broken.seq}${broken.eventId ? ` (event ${broken.eventId})` : ""}: ${broken.reason}. ` +
        `${result.checkedEvents} events${from} verified before it.`,
    );
    return AUDIT_CHAIN_BROKEN;
  } finally {
    await db.close();
  }
}
