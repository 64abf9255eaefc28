import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Db } from "../db/db";
import { projectExists } from "../db/queries/imports";
import { exportStack } from "../services/import/export-stack";
import { CliError } from "./cli-error";
import { progressBar } from "./progress";

export async function runExport(openDatabase: () => Promise<Db>, args: { output: string; project: string; format: string }, err: (line: string) => void): Promise<number> {
  if (args.format !== "stack") throw new CliError(`Export writes the stack format only, not "${args.format}".`, 2);
  const db = await openDatabase();
  const bar = progressBar("Exporting");
  try {
    if (!(await projectExists(db, args.project))) throw new CliError(`There is no project "${args.project}" in this database.`, 1);
    const file = createWriteStream(args.output);
    const opened = once(file, "open").catch(() => {
      throw new CliError(`Cannot write ${args.output}.`, 1);
    });
    await opened;
    const write = async (line: string) => {
      if (!file.write(`${line}\n`)) await once(file, "drain");
    };
    const counts = await exportStack(db, { projectId: args.project, branchId: "main" }, write, (users) => bar.update(users, undefined));
    file.end();
    await once(file, "finish");
    bar.stop();
    err(`Exported ${counts.users} users and ${counts.teams} teams of ${args.project} to ${args.output}.`);
    return 0;
  } finally {
    bar.stop();
    await db.close();
  }
}
