/**
 * The import: reads an export entry by entry, turns each into a user or team with the
 * format's parser, and writes them in batches, one transaction each (write-batch.ts), saving
 * the checkpoint after each. A record that cannot be read or written is reported with where
 * it is and why, and the rest go on: when a batch fails as a whole (a row the checks before it
 * could not foresee, such as an OAuth account that signs in to someone else), its records are
 * written again one by one, so only the bad one is refused.
 */
import type { Db } from "../../db/db";
import { isConnectionFailure } from "../../db/errors";
import type { Tenant } from "../../db/queries/tenant";
import { saveCheckpoint, startCheckpoint, type Checkpoint } from "./checkpoint";
import { defaultGrantsOf } from "./default-grants";
import { countEntries, detectLayout, readExport } from "./export-file";
import { recordParser, type FirebaseScryptParameters, type FormatName } from "./formats";
import { RecordProblem } from "./formats/fields";
import { problemWith, writeBatch, type BatchContext, type BatchEntry, type BatchOutcome } from "./write-batch";

export interface ImportOptions {
  db: Db;
  tenant: Tenant;
  format: FormatName;
  input: string;
  checkpointPath: string;
  batchSize?: number;
  firebaseScrypt?: FirebaseScryptParameters;
  /** Called once the size is known, and after each batch. */
  onProgress?: (done: number, total: number | undefined) => void;
  onRefused?: (at: string, reason: string) => void;
}

export async function importUsers(options: ImportOptions): Promise<Checkpoint> {
  const { db, tenant, format, input, checkpointPath } = options;
  const batchSize = options.batchSize ?? 2000;
  const checkpoint = await startCheckpoint(checkpointPath, input, format, tenant.projectId);
  if (checkpoint.finished) return checkpoint;
  const layout = await detectLayout(input);
  const total = await countEntries(input, layout);
  options.onProgress?.(checkpoint.entriesDone, total);
  const parse = recordParser(format, { firebaseScrypt: options.firebaseScrypt });
  const context: BatchContext = { db, tenant, format, defaults: await defaultGrantsOf(db, tenant) };
  const refuse = (at: string, reason: string) => {
    checkpoint.totals.refused++;
    options.onRefused?.(at, reason);
  };

  let index = 0;
  let batch: BatchEntry[] = [];
  let batches = 0;
  const flush = async () => {
    const outcome = await writeOrSplit(context, batch);
    // Tables that were small when the import began grow fast: fresh statistics after batch 1,
    // 2, 4, 8, ... keep the foreign-key checks on their indexes instead of scanning.
    if (++batches % 2 ** Math.floor(Math.log2(batches)) === 0 && batches <= 256) await refreshStatistics(db);
    checkpoint.totals.imported += outcome.imported;
    checkpoint.totals.teams += outcome.teams;
    checkpoint.totals.alreadyThere += outcome.alreadyThere;
    for (const { at, reason } of outcome.refused) refuse(at, reason);
    checkpoint.entriesDone = index;
    await saveCheckpoint(checkpointPath, checkpoint);
    options.onProgress?.(index, total);
    batch = [];
  };

  for await (const entry of readExport(input, layout)) {
    index++;
    if (index <= checkpoint.entriesDone) continue;
    if ("problem" in entry) {
      refuse(entry.at, entry.problem);
      continue;
    }
    try {
      const parsed = parse(entry.value);
      const problem = "user" in parsed ? problemWith(parsed.user) : undefined;
      if (problem) refuse(entry.at, problem);
      else batch.push({ at: entry.at, ...parsed });
    } catch (error) {
      if (!(error instanceof RecordProblem)) throw error;
      refuse(entry.at, error.message);
    }
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  checkpoint.finished = true;
  await saveCheckpoint(checkpointPath, checkpoint);
  return checkpoint;
}

async function refreshStatistics(db: Db): Promise<void> {
  await db.query("ANALYZE users, contact_channels, teams, team_members, oauth_accounts");
}

async function writeOrSplit(context: BatchContext, batch: BatchEntry[]): Promise<BatchOutcome> {
  if (batch.length === 0) return { imported: 0, teams: 0, alreadyThere: 0, refused: [] };
  try {
    return await writeBatch(context, batch);
  } catch (error) {
    if (isConnectionFailure(error)) throw error;
    if (batch.length === 1) return { imported: 0, teams: 0, alreadyThere: 0, refused: [{ at: batch[0]!.at, reason: describe(error) }] };
    const total: BatchOutcome = { imported: 0, teams: 0, alreadyThere: 0, refused: [] };
    for (const entry of batch) {
      const one = await writeOrSplit(context, [entry]);
      total.imported += one.imported;
      total.teams += one.teams;
      total.alreadyThere += one.alreadyThere;
      total.refused.push(...one.refused);
    }
    return total;
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `the database refused it: ${message}`;
}
