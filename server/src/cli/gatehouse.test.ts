import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../db/migrate";
import { openDb } from "../db/open";
import { createPostgresDatabase, testDbKind } from "../testing/test-db";
import { runCli } from "./gatehouse";

let dir: string;
let env: NodeJS.ProcessEnv;
let dropDatabase = async () => {};

// The CLI opens the database as the server does: a PGlite folder, or DATABASE_URL.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "gatehouse-cli-"));
  if (testDbKind() === "postgres") {
    const database = await createPostgresDatabase();
    env = { DATABASE_URL: database.url };
    dropDatabase = database.drop;
  } else {
    env = { DATA_DIR: join(dir, "data") };
  }
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
  await migrate(db);
  await db.query("INSERT INTO projects (id, display_name) VALUES ('cli-project', 'CLI')");
  await db.query("INSERT INTO branches (project_id, id) VALUES ('cli-project', 'main')");
  await db.close();
});

afterAll(() => dropDatabase());

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, (line) => out.push(line), (line) => err.push(line));
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("gatehouse CLI", () => {
  it.each([
    [[], "Usage: npm run gatehouse"],
    [["migrate"], 'Unknown command "migrate"'],
    [["import", "users.json", "--format", "stack"], "import needs --project <id>"],
    [["import", "users.json", "--project", "p"], "import needs --format"],
    [["import", "users.json", "--project", "p", "--format", "okta"], 'Unknown format "okta"; use one of stack, supabase, auth0, clerk, firebase.'],
    [["import", "users.json", "--project", "p", "--format", "stack", "--frobnicate"], "Unknown option '--frobnicate'"],
    [["import", "users.json", "--project", "p", "--format", "firebase", "--hash-key", "abc"], "needs all four of --hash-key"],
    [["export", "out.jsonl", "--project", "p", "--format", "clerk"], 'Export writes the stack format only, not "clerk"'],
  ])("answers %j with exit code 2 and says what is wrong", async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it("answers 1 for a missing file and for a project the database does not have", async () => {
    const missing = await cli("import", join(dir, "nowhere.json"), "--project", "cli-project", "--format", "stack");
    expect(missing).toMatchObject({ code: 1, err: expect.stringContaining("no such file") });
    const file = join(dir, "one.jsonl");
    await writeFile(file, '{"type":"user","id":"u1","primary_email":"one@example.com"}\n');
    const unknown = await cli("import", file, "--project", "no-such-project", "--format", "stack");
    expect(unknown).toMatchObject({ code: 1, err: 'There is no project "no-such-project" in this database.' });
  });

  it("imports, lists refused records on stdout with exit code 3, resumes to the same result, and exports", async () => {
    const file = join(dir, "users.jsonl");
    await writeFile(file, ['{"type":"user","id":"u1","primary_email":"one@example.com"}', "not json", '{"type":"user","id":"u2","primary_email":"two@example.com"}', ""].join("\n"));
    const first = await cli("import", file, "--project", "cli-project", "--format", "stack");
    expect(first).toMatchObject({ code: 3, out: "line 2: not valid JSON" });
    expect(first.err).toContain("Imported 2 users and 0 teams into cli-project; 0 were already there; 1 records refused.");
    const exported = join(dir, "export.jsonl");
    const exportRun = await cli("export", exported, "--project", "cli-project", "--format", "stack");
    expect(exportRun).toMatchObject({ code: 0, err: expect.stringContaining("Exported 2 users and 0 teams") });
    const again = await cli("import", exported, "--project", "cli-project", "--format", "stack", "--checkpoint", join(dir, "again.json"));
    expect(again).toMatchObject({ code: 0, err: expect.stringContaining("Imported 0 users and 0 teams into cli-project; 2 were already there; 0 records refused.") });
  });
});

describe("gatehouse audit verify", () => {
  it("reports a chain that verifies, then the first event changed in SQL with exit code 4", async () => {
    const { recordAuditEvent } = await import("../services/audit-log/record");
    const { defaultProjectConfig } = await import("../services/project-config/document");
    const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
    try {
      const tenancy = {
        projectId: "cli-project",
        branchId: "main",
        project: { id: "cli-project" } as never,
        config: defaultProjectConfig(),
      };
      for (const id of ["u1", "u2", "u3"]) {
        await recordAuditEvent({ db }, db, { tenancy, action: "auth.sign_in.succeeded", actor: { type: "user", id }, client: null });
      }
    } finally {
      await db.close();
    }
    const good = await cli("audit", "verify", "--project", "cli-project");
    expect(good).toMatchObject({ code: 0, out: "The audit log of cli-project (branch main) verifies: 3 events, up to seq 3." });

    const tamper = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
    await tamper.query("UPDATE audit_events SET actor_id = 'u9' WHERE project_id = 'cli-project' AND seq = 2");
    await tamper.close();
    const bad = await cli("audit", "verify", "--project", "cli-project");
    expect(bad.code).toBe(4);
    expect(bad.out).toMatch(/^The audit log of cli-project \(branch main\) is broken at seq 2 \(event [0-9a-f-]{36}\): changed\. 1 events verified before it\.$/);
  });

  it.each([
    [["audit", "verify"], "audit needs --project <id>"],
    [["audit", "rewrite", "--project", "cli-project"], 'Unknown audit action "rewrite"'],
    [["audit", "verify", "--project", "cli-project", "--format", "stack", "extra"], "audit takes one action"],
  ])("answers %j with exit code 2", async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it("answers 1 for a project the database does not have", async () => {
    expect(await cli("audit", "verify", "--project", "nowhere")).toMatchObject({ code: 1, err: 'There is no project "nowhere" in this database.' });
  });
});
