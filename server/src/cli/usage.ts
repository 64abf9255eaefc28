/** The commands `npm run gatehouse -- <command>` knows. */
export const CLI_COMMANDS = ["import", "export", "audit", "help"] as const;

export const USAGE = `Usage: npm run gatehouse -- <command> [options]

Commands:
  import <file>   Import users (and teams) from another platform's export into a project.
  export <file>   Write a project's users and teams as Stack Auth JSON lines (readable by import --format stack).
  audit verify    Recompute a project's audit log hash chain and report the first broken event.

Options for import:
  --project <id>          The project to import into (required).
  --format <name>         stack | supabase | auth0 | clerk | firebase (required).
  --checkpoint <path>     Where progress is kept; a re-run with it resumes. Default: <file>.checkpoint.json
  --batch-size <n>        Users per transaction. Default: 2000
  Firebase's scrypt parameters (from the console's password hash parameters), as its auth:import takes them:
  --hash-key <base64>  --salt-separator <base64>  --rounds <n>  --mem-cost <n>

Options for export:
  --project <id>          The project to export (required).
  --format stack          The only format written today.

Options for audit verify:
  --project <id>          The project whose audit log to verify (required).
  --branch <id>           Its branch. Default: main

The database is the server's: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR
(default ./.data; stop the server first, PGlite opens in one process at a time).

Exit codes: 0 done, every record imported (audit: the chain verifies); 3 done, some records
refused (listed on stdout); 4 the audit chain is broken; 2 bad usage; 1 failed (file, project
or database).`;
