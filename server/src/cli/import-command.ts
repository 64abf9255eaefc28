import { access } from "node:fs/promises";
import type { Db } from "../db/db";
import { projectExists } from "../db/queries/imports";
import { CheckpointMismatch } from "../services/import/checkpoint";
import { isFormatName, FORMATS, type FirebaseScryptParameters } from "../services/import/formats";
import { importUsers } from "../services/import/import-users";
import { CliError } from "./cli-error";
import { progressBar } from "./progress";

export interface ImportArgs {
  input: string;
  project: string;
  format: string;
  checkpoint?: string;
  batchSize?: string;
  hashKey?: string;
  saltSeparator?: string;
  rounds?: string;
  memCost?: string;
}

function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new CliError(`${option} must be a positive whole number, not "${value}".`, 2);
  return Number(value);
}

function firebaseParameters(args: ImportArgs): FirebaseScryptParameters | undefined {
  const given = [args.hashKey, args.saltSeparator, args.rounds, args.memCost];
  if (given.every((value) => value === undefined)) return undefined;
  if (given.some((value) => value === undefined)) throw new CliError("Firebase's scrypt needs all four of --hash-key, --salt-separator, --rounds and --mem-cost.", 2);
  return { signerKey: args.hashKey!, saltSeparator: args.saltSeparator!, rounds: positiveInteger(args.rounds, "--rounds")!, memCost: positiveInteger(args.memCost, "--mem-cost")! };
}

/** Runs an import and answers the exit code: 0 when every record went in, 3 when some were refused. */
export async function runImport(openDatabase: () => Promise<Db>, args: ImportArgs, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  if (!isFormatName(args.format)) throw new CliError(`Unknown format "${args.format}"; use one of ${FORMATS.join(", ")}.`, 2);
  const batchSize = positiveInteger(args.batchSize, "--batch-size");
  const firebaseScrypt = firebaseParameters(args);
  try {
    await access(args.input);
  } catch {
    throw new CliError(`Cannot read ${args.input}: no such file, or no permission.`, 1);
  }
  const db = await openDatabase();
  const bar = progressBar("Importing");
  try {
    if (!(await projectExists(db, args.project))) throw new CliError(`There is no project "${args.project}" in this database.`, 1);
    const checkpointPath = args.checkpoint ?? `${args.input}.checkpoint.json`;
    const result = await importUsers({
      db,
      tenant: { projectId: args.project, branchId: "main" },
      format: args.format,
      input: args.input,
      checkpointPath,
      batchSize,
      firebaseScrypt,
      onProgress: (done, total) => bar.update(done, total),
      onRefused: (at, reason) => out(`${at}: ${reason}`),
    }).catch((error: unknown) => {
      if (error instanceof CheckpointMismatch) throw new CliError(error.message, 1);
      if (error instanceof SyntaxError) throw new CliError(`${args.input} is not valid JSON: ${error.message}`, 1);
      throw error;
    });
    bar.stop();
    const { imported, teams, alreadyThere, refused } = result.totals;
    err(`Imported ${imported} users and ${teams} teams into ${args.project}; ${alreadyThere} were already there; ${refused} records refused. Checkpoint: ${checkpointPath}`);
    return refused > 0 ? 3 : 0;
  } finally {
    bar.stop();
    await db.close();
  }
}
