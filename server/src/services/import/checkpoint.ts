/**
 * The checkpoint of an import: which file into which project, how many of its entries are
 * done, and the running totals. It is written (to a temporary file, then renamed over the old
 * one, so a crash leaves the old or the new one whole) after each batch commits. A re-run
 * with it skips the entries done; one that crashed between a commit and the write redoes a
 * batch whose users are then found already there (their ids are derived), never doubled.
 */
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

export interface ImportTotals {
  imported: number;
  teams: number;
  alreadyThere: number;
  refused: number;
}

export interface Checkpoint {
  version: 1;
  input: string;
  inputBytes: number;
  format: string;
  projectId: string;
  entriesDone: number;
  finished: boolean;
  totals: ImportTotals;
}

export class CheckpointMismatch extends Error {}

export async function startCheckpoint(path: string, input: string, format: string, projectId: string): Promise<Checkpoint> {
  const inputBytes = (await stat(input)).size;
  const fresh: Checkpoint = {
    version: 1,
    input: resolve(input),
    inputBytes,
    format,
    projectId,
    entriesDone: 0,
    finished: false,
    totals: { imported: 0, teams: 0, alreadyThere: 0, refused: 0 },
  };
  let saved: Checkpoint;
  try {
    saved = JSON.parse(await readFile(path, "utf8")) as Checkpoint;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fresh;
    throw new CheckpointMismatch(`The checkpoint ${path} cannot be read; remove it to start over.`);
  }
  const same = saved.version === 1 && saved.input === fresh.input && saved.format === format && saved.projectId === projectId && saved.inputBytes === inputBytes;
  if (!same) {
    throw new CheckpointMismatch(`The checkpoint ${path} belongs to another import (${saved.format} of ${saved.input} into ${saved.projectId}, ${saved.inputBytes} bytes); remove it or pass --checkpoint with another path.`);
  }
  return saved;
}

export async function saveCheckpoint(path: string, checkpoint: Checkpoint): Promise<void> {
  await writeFile(`${path}.tmp`, `${JSON.stringify(checkpoint, null, 2)}\n`);
  await rename(`${path}.tmp`, path);
}
