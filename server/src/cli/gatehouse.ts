/**
 * `npm run gatehouse -- <command>`: the operator's command line. Arguments are read with
 * Node's own util.parseArgs (strict: an unknown option is an error, not ignored); the
 * database is opened as the server opens it, and migrated first.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { mkdir } from "node:fs/promises";
import { loadConfig } from "../config/env";
import { migrate } from "../db/migrate";
import { openDb } from "../db/open";
import { CliError } from "./cli-error";
import { runAudit } from "./audit-command";
import { runExport } from "./export-command";
import { runImport } from "./import-command";
import { CLI_COMMANDS, USAGE } from "./usage";

const OPTIONS = {
  project: { type: "string" },
  branch: { type: "string" },
  format: { type: "string" },
  checkpoint: { type: "string" },
  "batch-size": { type: "string" },
  "hash-key": { type: "string" },
  "salt-separator": { type: "string" },
  rounds: { type: "string" },
  "mem-cost": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export async function runCli(argv: string[], env?: NodeJS.ProcessEnv, out = (line: string) => console.log(line), err = (line: string) => console.error(line)): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(`${(error as Error).message}\n\n${USAGE}`, 2);
    }
    const { values, positionals } = parsed;
    const [command, file, ...extra] = positionals;
    if (values.help || command === "help") {
      out(USAGE);
      return 0;
    }
    if (command === undefined || !(CLI_COMMANDS as readonly string[]).includes(command)) throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    const noun = command === "audit" ? "action" : "file";
    if (!file || extra.length > 0) throw new CliError(`${command} takes one ${noun}.\n\n${USAGE}`, 2);
    if (!values.project) throw new CliError(`${command} needs --project <id>.`, 2);
    if (command !== "audit" && values.branch !== undefined) throw new CliError(`--branch is for audit only.`, 2);
    if (command !== "audit" && !values.format) throw new CliError(`${command} needs --format <${command === "import" ? "stack|supabase|auth0|clerk|firebase" : "stack"}>.`, 2);

    const settings = loadConfig(env);
    const openDatabase = async () => {
      if (!settings.databaseUrl) await mkdir(settings.dataDir, { recursive: true });
      const db = await openDb(settings);
      await migrate(db);
      return db;
    };
    if (command === "audit") return await runAudit(openDatabase, { action: file, project: values.project, branch: values.branch ?? "main" }, out);
    if (!values.format) throw new CliError(`${command} needs --format.`, 2);
    if (command === "export") return await runExport(openDatabase, { output: file, project: values.project, format: values.format }, err);
    return await runImport(
      openDatabase,
      {
        input: file,
        project: values.project,
        format: values.format,
        checkpoint: values.checkpoint,
        batchSize: values["batch-size"],
        hashKey: values["hash-key"],
        saltSeparator: values["salt-separator"],
        rounds: values.rounds,
        memCost: values["mem-cost"],
      },
      out,
      err,
    );
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message);
      return error.exitCode;
    }
    err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const isEntryPoint = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) process.exitCode = await runCli(process.argv.slice(2));
