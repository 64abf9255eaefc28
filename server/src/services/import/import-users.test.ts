import argon2 from "argon2";
import bcrypt from "bcryptjs";
import { pbkdf2Sync } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { exportStack } from "./export-stack";
import type { FormatName } from "./formats";
import { importUsers, type ImportOptions } from "./import-users";

const app = useSharedTestApp();
let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = app();
  dir = await mkdtemp(join(tmpdir(), "gatehouse-import-"));
});

const FIREBASE = { signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==", saltSeparator: "Bw==", rounds: 8, memCost: 14 };
const bcryptOf = (password: string) => bcrypt.hashSync(password, 4);
const b64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");
function pbkdf2Of(password: string): string {
  const salt = Buffer.from("sixteen byte salt");
  return `$pbkdf2-sha256$i=1000,l=32$${b64(salt)}$${b64(pbkdf2Sync(password, salt, 1000, 32, "sha256"))}`;
}

async function run(project: ProjectFixture, format: FormatName, name: string, content: string, options: Partial<ImportOptions> = {}) {
  const input = join(dir, `${project.projectId}-${name}`);
  await writeFile(input, content);
  const refused: string[] = [];
  const result = await importUsers({
    db: t.db,
    tenant: { projectId: project.projectId, branchId: "main" },
    format,
    input,
    checkpointPath: `${input}.checkpoint.json`,
    firebaseScrypt: FIREBASE,
    onRefused: (at, reason) => refused.push(`${at}: ${reason}`),
    ...options,
  });
  return { result, refused, input };
}

const lines = (...records: unknown[]) => records.map((record) => JSON.stringify(record)).join("\n") + "\n";

async function signIn(project: ProjectFixture, email: string, password: string) {
  return call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password } });
}

async function storedHash(project: ProjectFixture, email: string): Promise<string> {
  const [row] = await t.db.query<{ password_hash: string }>(
    "SELECT u.password_hash FROM users u JOIN contact_channels c ON c.project_id = u.project_id AND c.user_id = u.id WHERE u.project_id = $1 AND c.value = $2",
    [project.projectId, email],
  );
  return row!.password_hash;
}

/** The counters as the per-row triggers keep them, against the rows themselves. */
async function expectCountersMatchRows(projectId: string) {
  const counted = await t.db.query<{ key: string; users: string }>(
    `SELECT concat_ws('/', is_anonymous, has_password, has_verified_email, country_code) AS key, sum(users)::text AS users FROM user_counts
     WHERE project_id = $1 GROUP BY 1 HAVING sum(users) <> 0 ORDER BY 1`,
    [projectId],
  );
  const actual = await t.db.query<{ key: string; users: string }>(
    `SELECT concat_ws('/', is_anonymous, password_hash IS NOT NULL, has_verified_email, coalesce(last_country_code, country_code, '')) AS key, count(*)::text AS users
     FROM users WHERE project_id = $1 GROUP BY 1 ORDER BY 1`,
    [projectId],
  );
  expect(counted).toEqual(actual);
  const [teams] = await t.db.query<{ counted: string; actual: string }>(
    `SELECT (SELECT coalesce(sum(teams), 0) FROM team_counts WHERE project_id = $1)::text AS counted, (SELECT count(*) FROM teams WHERE project_id = $1)::text AS actual`,
    [projectId],
  );
  expect(teams!.counted).toBe(teams!.actual);
}

describe("importing each platform's export", () => {
  it("Supabase auth.users as CSV: bcrypt passwords sign in, verified and unverified e-mails, metadata and sign-up time kept", async () => {
    const project = await createProjectFixture(t);
    const csv = [
      "id,email,encrypted_password,email_confirmed_at,raw_app_meta_data,raw_user_meta_data,created_at,is_anonymous",
      `11111111-1111-4111-8111-111111111111,sb-one@example.com,${bcryptOf("supabase one")},2024-01-02 03:04:05+00,"{""provider"":""email""}","{""full_name"":""Sue One""}",2024-01-01 00:00:00+00,false`,
      `11111111-1111-4111-8111-111111111112,sb-two@example.com,${bcryptOf("supabase two")},,{},{},2024-02-01 00:00:00+00,false`,
      "11111111-1111-4111-8111-111111111113,,,,,,2024-02-01 00:00:00+00,true",
    ].join("\n");
    const { result, refused } = await run(project, "supabase", "users.csv", csv);
    expect(refused).toEqual(["line 4: anonymous user (not imported)"]);
    expect(result.totals).toMatchObject({ imported: 2, refused: 1 });

    const one = await signIn(project, "sb-one@example.com", "supabase one");
    expect(one.status).toBe(200);
    expect(await storedHash(project, "sb-one@example.com")).toMatch(/^\$argon2id\$/);
    const user = await call(t, "GET", `/users/${one.json.user_id}`, { creds: project.server });
    expect(user.json).toMatchObject({
      primary_email: "sb-one@example.com",
      primary_email_verified: true,
      display_name: "Sue One",
      client_metadata: { full_name: "Sue One" },
      client_read_only_metadata: { provider: "email" },
      signed_up_at_millis: Date.parse("2024-01-01T00:00:00Z"),
    });
    const two = await signIn(project, "sb-two@example.com", "supabase two");
    const second = await call(t, "GET", `/users/${two.json.user_id}`, { creds: project.server });
    expect(second.json.primary_email_verified).toBe(false);
    expect((await signIn(project, "sb-two@example.com", "wrong password")).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    await expectCountersMatchRows(project.projectId);
  });

  it("Auth0: password_hash, custom_password_hash (PBKDF2, argon2), metadata, social identities and organisations", async () => {
    const project = await createProjectFixture(t);
    const argon2i = await argon2.hash("auth0 argon", { type: argon2.argon2i, memoryCost: 4096, timeCost: 3 });
    const json = JSON.stringify([
      { user_id: "auth0|1", email: "a0-bcrypt@example.com", email_verified: true, name: "Ada", password_hash: bcryptOf("auth0 bcrypt"), user_metadata: { theme: "dark" }, app_metadata: { plan: "gold" }, organizations: [{ id: "org_1", name: "Org One" }] },
      { user_id: "auth0|2", email: "a0-pbkdf2@example.com", custom_password_hash: { algorithm: "pbkdf2", hash: { value: pbkdf2Of("auth0 pbkdf2"), encoding: "utf8" } }, organizations: [{ id: "org_1", name: "Org One" }] },
      { user_id: "auth0|3", email: "a0-argon@example.com", custom_password_hash: { algorithm: "argon2", hash: { value: argon2i, encoding: "utf8" } }, identities: [{ provider: "github", user_id: "gh-77", isSocial: true }] },
      { user_id: "auth0|4", email: "a0-md5@example.com", custom_password_hash: { algorithm: "md5", hash: { value: "x", encoding: "hex" } } },
    ]);
    const { result, refused } = await run(project, "auth0", "users.json", json);
    expect(refused).toEqual(["record 4: custom_password_hash algorithm md5 is not supported (bcrypt, argon2 and pbkdf2 are)"]);
    expect(result.totals).toMatchObject({ imported: 3, teams: 1, refused: 1 });
    for (const [email, password] of [["a0-bcrypt@example.com", "auth0 bcrypt"], ["a0-pbkdf2@example.com", "auth0 pbkdf2"], ["a0-argon@example.com", "auth0 argon"]]) {
      expect((await signIn(project, email!, password!)).status).toBe(200);
      expect(await storedHash(project, email!)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    }
    const ada = (await signIn(project, "a0-bcrypt@example.com", "auth0 bcrypt")).json.user_id;
    const user = await call(t, "GET", `/users/${ada}`, { creds: project.server });
    expect(user.json).toMatchObject({ display_name: "Ada", client_metadata: { theme: "dark" }, server_metadata: { plan: "gold" } });
    const teams = await call(t, "GET", `/teams?user_id=${ada}`, { creds: project.server });
    expect(teams.json.items.map((team: { display_name: string }) => team.display_name)).toEqual(["Org One"]);
    // A new project's members get "team_member", and so does an imported member.
    const grants = await t.db.query<{ permission_id: string }>(
      "SELECT permission_id FROM permission_grants WHERE project_id = $1 AND user_id = $2 AND scope = 'team'",
      [project.projectId, ada],
    );
    expect(grants.map((grant) => grant.permission_id)).toEqual(["team_member"]);
    const [accounts] = await t.db.query<{ n: string }>("SELECT count(*)::text AS n FROM oauth_accounts WHERE project_id = $1 AND provider_config_id = 'github' AND account_id = 'gh-77'", [project.projectId]);
    expect(accounts!.n).toBe("1");
    await expectCountersMatchRows(project.projectId);
  });

  it("Clerk's dashboard CSV and Firebase's auth:export with its scrypt parameters", async () => {
    const project = await createProjectFixture(t);
    const csv = [
      "id,first_name,last_name,username,primary_email_address,primary_phone_number,verified_email_addresses,unverified_email_addresses,verified_phone_numbers,unverified_phone_numbers,totp_secret,password_digest,password_hasher",
      `user_1,Cleo,Clerk,,clerk@example.com,,clerk@example.com,,,,,${bcryptOf("clerk password")},bcrypt`,
      "user_2,No,Mail,,not-an-address,,,,,,,,",
    ].join("\n");
    const clerk = await run(project, "clerk", "users.csv", csv);
    expect(clerk.refused).toEqual(["line 3: primary_email_address is not an e-mail address"]);
    expect((await signIn(project, "clerk@example.com", "clerk password")).status).toBe(200);

    const firebase = JSON.stringify({
      users: [
        {
          localId: "fb1",
          email: "firebase@example.com",
          emailVerified: true,
          displayName: "Fire Base",
          passwordHash: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
          salt: "42xEC+ixf3L2lw==",
          createdAt: "1600000000000",
          customAttributes: "{\"admin\":true}",
          providerUserInfo: [{ providerId: "google.com", rawId: "g-1", email: "firebase@example.com" }],
        },
      ],
    });
    const fb = await run(project, "firebase", "users.json", firebase);
    expect(fb.refused).toEqual([]);
    expect((await signIn(project, "firebase@example.com", "wrong")).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    const signedIn = await signIn(project, "firebase@example.com", "user1password");
    expect(signedIn.status).toBe(200);
    expect(await storedHash(project, "firebase@example.com")).toMatch(/^\$argon2id\$/);
    const user = await call(t, "GET", `/users/${signedIn.json.user_id}`, { creds: project.server });
    expect(user.json).toMatchObject({ display_name: "Fire Base", client_read_only_metadata: { admin: true }, primary_email_verified: true, signed_up_at_millis: 1600000000000 });
    await expectCountersMatchRows(project.projectId);
  });
});

describe("bad records, resuming and the round trip", () => {
  it("reports bad lines with their reason and imports the rest; a re-run after an interruption resumes without duplicates", async () => {
    const project = await createProjectFixture(t);
    const users = Array.from({ length: 9 }, (_, i) => ({ type: "user", id: `00000000-0000-4000-8000-00000000000${i + 1}`, primary_email: `resume-${i}@example.com`, password_hash: i === 0 ? bcryptOf("first one") : undefined }));
    const content = [lines(...users.slice(0, 3)), "{broken\n", lines({ type: "user", id: "x", primary_email: "resume-0@example.com" }), lines(...users.slice(3))].join("");
    let batches = 0;
    const interrupted = run(project, "stack", "resume.jsonl", content, {
      batchSize: 2,
      onProgress: () => {
        // The first call tells the size; the second follows the first batch.
        if (++batches === 2) throw new Error("interrupted");
      },
    });
    await expect(interrupted).rejects.toThrow("interrupted");
    const checkpoint = JSON.parse(await readFile(join(dir, `${project.projectId}-resume.jsonl.checkpoint.json`), "utf8"));
    expect(checkpoint).toMatchObject({ finished: false, entriesDone: 2 });

    const { result, refused } = await run(project, "stack", "resume.jsonl", content, { batchSize: 2 });
    expect(refused).toEqual(["line 4: not valid JSON", "line 5: e-mail resume-0@example.com already signs in to another user"]);
    expect(result).toMatchObject({ finished: true, totals: { imported: 9, alreadyThere: 0, refused: 2 } });
    const [count] = await t.db.query<{ n: string }>("SELECT count(*)::text AS n FROM contact_channels WHERE project_id = $1 AND value LIKE 'resume-%'", [project.projectId]);
    expect(count!.n).toBe("9");
    expect((await signIn(project, "resume-0@example.com", "first one")).status).toBe(200);

    // Without the checkpoint, a second run finds every user already there.
    const again = await run(project, "stack", "resume-again.jsonl", lines(...users));
    expect(again.result.totals).toMatchObject({ imported: 0, alreadyThere: 9, refused: 0 });
    await expectCountersMatchRows(project.projectId);
  });

  it("exports a project as Stack lines that import into another project with the same users, hashes, teams and memberships", async () => {
    const source = await createProjectFixture(t);
    const target = await createProjectFixture(t);
    const teamId = "aaaaaaaa-0000-4000-8000-000000000001";
    await run(source, "stack", "seed.jsonl", lines(
      { type: "team", id: teamId, display_name: "Round Trip", server_metadata: { tier: 1 } },
      { type: "user", id: "bbbbbbbb-0000-4000-8000-000000000001", primary_email: "trip@example.com", primary_email_verified: true, display_name: "Trip", password_hash: pbkdf2Of("round trip"), team_ids: [teamId], oauth_providers: [{ id: "github", account_id: "gh-trip" }], client_metadata: { a: 1 } },
    ));
    const exported: string[] = [];
    const counts = await exportStack(t.db, { projectId: source.projectId, branchId: "main" }, async (line) => void exported.push(line));
    expect(counts.teams).toBeGreaterThanOrEqual(1);
    const { result, refused } = await run(target, "stack", "export.jsonl", exported.join("\n") + "\n");
    expect(refused.filter((line) => !line.includes("already signs in"))).toEqual([]);
    expect(result.totals.imported).toBe(counts.users);

    const signedIn = await signIn(target, "trip@example.com", "round trip");
    expect(signedIn.json.user_id).toBe("bbbbbbbb-0000-4000-8000-000000000001");
    const user = await call(t, "GET", `/users/${signedIn.json.user_id}`, { creds: target.server });
    expect(user.json).toMatchObject({ display_name: "Trip", primary_email_verified: true, client_metadata: { a: 1 }, oauth_providers: [expect.objectContaining({ id: "github", account_id: "gh-trip" })] });
    const members = await call(t, "GET", `/team-member-profiles?team_id=${teamId}`, { creds: target.server });
    expect(members.json.items.map((member: { user_id: string }) => member.user_id)).toEqual([signedIn.json.user_id]);
    await expectCountersMatchRows(target.projectId);
  });
});
