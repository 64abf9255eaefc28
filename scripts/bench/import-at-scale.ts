/**
 * `npm run bench:import`: `gatehouse import` of one million users on PostgreSQL, timed.
 *
 * A fresh database gets a running Gatehouse (which migrates it and makes the internal
 * project); a Stack Auth export of BENCH_IMPORT_USERS users (1,000,000) is written to .bench/:
 * every user with an e-mail (half verified), a display name, client metadata and a bcrypt
 * hash (one hash shared by all, as hashing a million would time the generator, not the
 * import), one team per thousand users with every user a member. The CLI imports it into the
 * internal project while the server runs; then the counters are checked against the rows and
 * one imported user signs in over HTTP with the password. Prints the figures and writes
 * .bench/import-at-scale.json. Not part of CI: it takes minutes.
 */
import bcrypt from "bcryptjs";
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { once } from "node:events";
import pg from "pg";
import { TEST_INTERNAL_KEYS } from "../../server/src/testing/seed-keys";
import { ROOT, stopAllChildren } from "./children";
import { adminDatabaseUrl, createDatabase, startGatehouse } from "./gatehouse-process";

const USERS = Number(process.env.BENCH_IMPORT_USERS ?? 1_000_000);
const PASSWORD = "imported password";
const EXPORT_PATH = `${ROOT}.bench/import-at-scale.jsonl`;

async function writeExport(): Promise<void> {
  await mkdir(`${ROOT}.bench`, { recursive: true });
  const hash = bcrypt.hashSync(PASSWORD, 10);
  const file = createWriteStream(EXPORT_PATH);
  const write = async (value: unknown) => {
    if (!file.write(`${JSON.stringify(value)}\n`)) await once(file, "drain");
  };
  const teamId = (t: number) => `00000000-0000-4000-8000-${t.toString(16).padStart(12, "0")}`;
  for (let t = 0; t < Math.ceil(USERS / 1000); t++) await write({ type: "team", id: teamId(t), display_name: `Team ${t}` });
  for (let i = 0; i < USERS; i++) {
    await write({
      type: "user",
      id: `10000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
      primary_email: `person-${i}@example.com`,
      primary_email_verified: i % 2 === 0,
      display_name: `Person ${i}`,
      client_metadata: { n: i },
      signed_up_at_millis: Date.UTC(2024, 0, 1) + i * 1000,
      password_hash: hash,
      team_ids: [teamId(Math.floor(i / 1000))],
    });
  }
  file.end();
  await once(file, "finish");
}

async function runImport(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", `${ROOT}server/src/cli/gatehouse.ts`, "import", EXPORT_PATH, "--project", "internal", "--format", "stack", "--checkpoint", `${EXPORT_PATH}.checkpoint.json`], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code] = (await once(child, "exit")) as [number];
  if (code !== 0) throw new Error(`gatehouse import exited with ${code}`);
  return (performance.now() - started) / 1000;
}

async function main() {
  const database = await createDatabase(adminDatabaseUrl());
  try {
    const generating = performance.now();
    await writeExport();
    console.log(`wrote ${USERS} users (${((await stat(EXPORT_PATH)).size / 1e6).toFixed(0)} MB) in ${((performance.now() - generating) / 1000).toFixed(1)} s`);
    const { url } = await startGatehouse(database.url);
    await rm(`${EXPORT_PATH}.checkpoint.json`, { force: true });
    const seconds = await runImport(database.url);
    console.log(`imported ${USERS} users in ${seconds.toFixed(1)} s (${Math.round(USERS / seconds)} users/s) on PostgreSQL ${database.version}`);

    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const { rows: [check] } = await pool.query(
      `SELECT (SELECT sum(users) FROM user_counts WHERE project_id = 'internal')::bigint AS counted,
              (SELECT count(*) FROM users WHERE project_id = 'internal')::bigint AS users,
              (SELECT count(*) FROM users WHERE project_id = 'internal' AND has_verified_email)::bigint AS verified,
              (SELECT sum(users) FROM user_counts WHERE project_id = 'internal' AND has_verified_email)::bigint AS counted_verified,
              (SELECT sum(teams) FROM team_counts WHERE project_id = 'internal')::bigint AS counted_teams,
              (SELECT count(*) FROM teams WHERE project_id = 'internal')::bigint AS teams`,
    );
    await pool.end();
    console.log("counters against rows:", check);
    if (check.counted !== check.users || check.verified !== check.counted_verified || check.counted_teams !== check.teams) throw new Error("the counters do not match the rows");

    const signIn = await fetch(`${url}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey },
      body: JSON.stringify({ email: `person-${USERS - 1}@example.com`, password: PASSWORD }),
    });
    console.log(`sign-in of the last imported user: ${signIn.status}`);
    await writeFile(`${ROOT}.bench/import-at-scale.json`, `${JSON.stringify({ users: USERS, seconds, postgres: database.version, counters: check, signInStatus: signIn.status }, null, 2)}\n`);
  } finally {
    await stopAllChildren();
    await database.drop();
  }
}

await main();
