/**
 * Every list and search reads through its index: with enough rows for PostgreSQL's planner
 * to tell a scan from a lookup, no list plan reads a whole table, and the user list's cursor
 * bounds its index range. A dropped or mismatched index fails here. PGlite's planner is the
 * same code but the statistics of an embedded test database prove nothing, so PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, testDbKind } from "../../testing/test-db";
import type { Db, Queryable } from "../db";
import { listApiKeys } from "./api-keys";
import { listUserChannels } from "./contact-channels";
import { listOutbox } from "./email-outbox";
import { listLiveSessions } from "./sessions";
import { listInvitationsReceivedBy, listTeamInvitations } from "./team-invitations";
import { listTeamMemberProfiles, listTeams } from "./teams";
import type { Tenant } from "./tenant";
import { listUserPage, type UserListFilter } from "./user-list";
import { listDeliveries } from "./webhooks";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

const LISTED_TABLES = ["users", "teams", "team_members", "sessions", "contact_channels", "api_keys", "verification_codes", "email_outbox", "webhook_deliveries"];
const crowd: Tenant = { projectId: "plan-crowd", branchId: "main" };
const few: Tenant = { projectId: "plan-few", branchId: "main" };
/** Search needs this many users before a trigram lookup beats reading the table; the other lists need fewer rows. */
const USERS = 100_000;
const ROWS = 20_000;

/** Has PostgreSQL plan each statement (with its parameters) before running it for real, and keeps the plans. */
function explaining(db: Queryable): { q: Queryable; plans: PlanNode[] } {
  const plans: PlanNode[] = [];
  const q: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const [explained] = await db.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      plans.push(explained!["QUERY PLAN"][0]!.Plan);
      return db.query<Row>(sql, params);
    },
  };
  return { q, plans };
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function plansOf(db: Db, work: (q: Queryable) => Promise<unknown>): Promise<PlanNode[]> {
  const { q, plans } = explaining(db);
  await work(q);
  expect(plans.length).toBeGreaterThan(0);
  return plans.flatMap(nodes);
}

const seqScans = (all: PlanNode[]) =>
  all.filter((n) => n["Node Type"] === "Seq Scan" && LISTED_TABLES.includes(n["Relation Name"]!)).map((n) => n["Relation Name"]);
const indexesUsed = (all: PlanNode[]) => new Set(all.map((n) => n["Index Name"]).filter((name) => name !== undefined));

async function seed(db: Db): Promise<void> {
  for (const tenant of [crowd, few]) {
    await db.query("INSERT INTO projects (id, display_name) VALUES ($1, $1)", [tenant.projectId]);
    await db.query("INSERT INTO branches (project_id, id) VALUES ($1, 'main')", [tenant.projectId]);
  }
  // The activity and metrics triggers update one counter row per inserted user; the plans need none of it.
  await db.query("ALTER TABLE users DISABLE TRIGGER USER");
  await db.query(
    `INSERT INTO users (project_id, branch_id, id, display_name, is_anonymous, signed_up_at, last_active_at)
     SELECT $1, 'main', gen_random_uuid(), 'Person ' || g, g % 50 = 0,
       now() - (g % 365) * interval '1 day' - g * interval '1 second', now() - (g % 30) * interval '1 day' - g * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [crowd.projectId, USERS],
  );
  await db.query("ANALYZE users");
  await db.query(
    `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary, is_verified, used_for_auth)
     SELECT project_id, branch_id, gen_random_uuid(), id, 'email', 'person-' || substr(display_name, 8) || '@example.com', true, true, true
     FROM users WHERE project_id = $1`,
    [crowd.projectId],
  );
  await db.query(
    `INSERT INTO sessions (project_id, branch_id, id, user_id, refresh_token_hash, created_at)
     SELECT project_id, branch_id, gen_random_uuid(), id, md5(id::text || n), now() - n * interval '1 hour'
     FROM (SELECT * FROM users WHERE project_id = $1 LIMIT $2) users, generate_series(1, 2) n`,
    [crowd.projectId, ROWS / 2],
  );
  await db.query(
    `INSERT INTO teams (project_id, branch_id, id, display_name, created_at)
     SELECT $1, 'main', gen_random_uuid(), 'Team ' || t, now() - t * interval '1 minute' FROM generate_series(1, $2::int) t`,
    [crowd.projectId, 2_000],
  );
  await db.query(
    `INSERT INTO teams (project_id, branch_id, id, display_name) SELECT $1, 'main', gen_random_uuid(), 'Team ' || t FROM generate_series(1, 5) t`,
    [few.projectId],
  );
  await db.query("ANALYZE teams");
  // Every user belongs to one team: 'Team 1' has 500 members, the others about ten.
  await db.query(
    `INSERT INTO team_members (project_id, branch_id, team_id, user_id)
     SELECT u.project_id, u.branch_id, t.id, u.id
     FROM (SELECT project_id, branch_id, id, row_number() OVER (ORDER BY id) AS r FROM users WHERE project_id = $1 LIMIT $2) u
     JOIN (SELECT id, row_number() OVER (ORDER BY created_at DESC) AS r FROM teams WHERE project_id = $1) t
       ON t.r = CASE WHEN u.r <= 500 THEN 1 ELSE 2 + u.r % 1999 END`,
    [crowd.projectId, ROWS],
  );
  await db.query(
    `INSERT INTO api_keys (project_id, branch_id, id, user_id, description, secret_hash, last_four)
     SELECT project_id, branch_id, gen_random_uuid(), id, 'key', md5(id::text), '0000' FROM users WHERE project_id = $1 LIMIT $2`,
    [crowd.projectId, ROWS],
  );
  await db.query(
    `INSERT INTO api_keys (project_id, branch_id, id, team_id, description, secret_hash, last_four)
     SELECT project_id, branch_id, gen_random_uuid(), id, 'key', md5(id::text), '0000' FROM teams WHERE project_id = $1`,
    [crowd.projectId],
  );
  await db.query(
    `INSERT INTO verification_codes (project_id, branch_id, id, purpose, nonce_hash, code_hash, email, expires_at, team_id)
     SELECT t.project_id, t.branch_id, gen_random_uuid(), 'team_invitation', md5(t.id::text || n), md5(t.id::text || n),
       'invitee-' || n || '@example.com', now() + interval '1 day', t.id
     FROM teams t, generate_series(1, 5) n WHERE t.project_id = $1`,
    [crowd.projectId],
  );
  await db.query(
    `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, purpose, status, created_at)
     SELECT $1, 'main', gen_random_uuid(), 'person-' || g || '@example.com', 'Hello', 'Hello', 'test', 'sent', now() - g * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [crowd.projectId, ROWS],
  );
  await db.query(
    `INSERT INTO webhook_deliveries (project_id, branch_id, id, message_id, endpoint_id, event_type, body, status, created_at)
     SELECT $1, 'main', gen_random_uuid(), 'msg_' || g, 'endpoint-' || g % 10, 'user.created', '{}', 'delivered', now() - g * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [crowd.projectId, ROWS],
  );
  for (const table of LISTED_TABLES) await db.query(`ANALYZE ${table}`);
}

describe.skipIf(testDbKind() !== "postgres")("list and search plans at scale (PostgreSQL)", () => {
  let db: Db;
  let someUser: string;
  let middleUser: string;
  let bigTeam: string;
  let smallTeam: string;

  beforeAll(async () => {
    db = await createTestDb("postgres");
    await seed(db);
    [{ id: someUser }] = await db.query<{ id: string }>("SELECT id FROM users WHERE project_id = $1 AND display_name = 'Person 12345'", [crowd.projectId]) as [{ id: string }];
    [{ id: middleUser }] = await db.query<{ id: string }>("SELECT id FROM users WHERE project_id = $1 AND display_name = 'Person 10000'", [crowd.projectId]) as [{ id: string }];
    [{ id: bigTeam }] = await db.query<{ id: string }>("SELECT id FROM teams WHERE project_id = $1 AND display_name = 'Team 1'", [crowd.projectId]) as [{ id: string }];
    [{ id: smallTeam }] = await db.query<{ id: string }>("SELECT id FROM teams WHERE project_id = $1 AND display_name = 'Team 2'", [crowd.projectId]) as [{ id: string }];
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  const base: UserListFilter = { orderBy: "signed_up_at", desc: false, limit: 100, anonymous: "exclude", includeRestricted: false };

  for (const orderBy of ["signed_up_at", "last_active_at"] as const) {
    const index = orderBy === "signed_up_at" ? "users_signed_up_idx" : "users_last_active_idx";
    for (const desc of [false, true]) {
      it(`pages users by ${orderBy}${desc ? " descending" : ""} along ${index}, the cursor bounding the range`, async () => {
        const filter = { ...base, orderBy, desc };
        const first = await plansOf(db, (q) => listUserPage(q, crowd, filter));
        expect(seqScans(first)).toEqual([]);
        expect(indexesUsed(first)).toContain(index);

        const deep = await plansOf(db, (q) => listUserPage(q, crowd, { ...filter, cursor: middleUser, requireEmailVerification: true }));
        expect(seqScans(deep)).toEqual([]);
        const scan = deep.find((n) => n["Index Name"] === index);
        expect(scan?.["Index Cond"]).toMatch(/ROW\(/);
      });
    }
  }

  it("pages a team's users through its memberships", async () => {
    const all = await plansOf(db, (q) => listUserPage(q, crowd, { ...base, teamId: smallTeam, cursor: middleUser }));
    expect(seqScans(all)).toEqual([]);
  });

  for (const [what, query] of [
    ["an e-mail", "person-12345@"],
    ["a display name", "Person 12345"],
    ["an id prefix", "<id>"],
    ["nothing", "no such person"],
  ] as const) {
    it(`searches users for ${what} through the trigram indexes`, async () => {
      const text = query === "<id>" ? someUser.slice(0, 13) : query;
      const all = await plansOf(db, (q) => listUserPage(q, crowd, { ...base, query: text }));
      expect(seqScans(all)).toEqual([]);
      const used = indexesUsed(all);
      for (const index of ["users_display_name_trgm_idx", "users_id_trgm_idx", "contact_channels_value_trgm_idx"]) expect(used).toContain(index);
    });
  }

  /** No table read whole, and the list's own index (the one ending in its sort) read. */
  async function expectIndexed(work: (q: Queryable) => Promise<unknown>, index: string) {
    const all = await plansOf(db, work);
    expect(seqScans(all)).toEqual([]);
    expect(indexesUsed(all)).toContain(index);
  }

  it("lists teams, memberships and member profiles through their indexes", async () => {
    await expectIndexed((q) => listTeams(q, few), "teams_created_idx");
    await expectIndexed((q) => listTeams(q, crowd, someUser), "team_members_user_idx");
    await expectIndexed((q) => listTeamMemberProfiles(q, crowd, { teamId: smallTeam }), "team_members_team_created_idx");
    await expectIndexed((q) => listTeamMemberProfiles(q, crowd, { userId: someUser }), "team_members_user_idx");
  });

  it("lists a user's sessions, contact channels and API keys, and a team's keys and invitations, through their indexes", async () => {
    await expectIndexed((q) => listLiveSessions(q, crowd, someUser), "sessions_user_created_idx");
    await expectIndexed((q) => listUserChannels(q, crowd, someUser), "contact_channels_user_created_idx");
    await expectIndexed((q) => listApiKeys(q, crowd, { type: "user", userId: someUser }), "api_keys_user_created_idx");
    await expectIndexed((q) => listApiKeys(q, crowd, { type: "team", teamId: bigTeam }), "api_keys_team_created_idx");
    await expectIndexed((q) => listTeamInvitations(q, crowd, bigTeam, 5), "verification_codes_team_created_idx");
    expect(seqScans(await plansOf(db, (q) => listInvitationsReceivedBy(q, crowd, someUser, 5)))).toEqual([]);
  });

  it("pages the outbox and the webhook delivery log from a cursor along their indexes", async () => {
    const [{ id: mail }] = (await db.query<{ id: string }>("SELECT id FROM email_outbox WHERE to_address = 'person-10000@example.com'")) as [{ id: string }];
    const [{ id: delivery }] = (await db.query<{ id: string }>("SELECT id FROM webhook_deliveries WHERE message_id = 'msg_10000'")) as [{ id: string }];
    const outbox = await plansOf(db, (q) => listOutbox(q, crowd, { limit: 50, cursor: mail }));
    expect(seqScans(outbox)).toEqual([]);
    expect(outbox.find((n) => n["Index Name"] === "email_outbox_created_idx")?.["Index Cond"]).toMatch(/ROW\(/);
    const log = await plansOf(db, (q) => listDeliveries(q, crowd, { limit: 50, cursor: delivery }));
    expect(seqScans(log)).toEqual([]);
    expect(log.find((n) => n["Index Name"] === "webhook_deliveries_log")?.["Index Cond"]).toMatch(/ROW\(/);
    expect(seqScans(await plansOf(db, (q) => listDeliveries(q, crowd, { limit: 50, cursor: delivery, endpointId: "endpoint-3" })))).toEqual([]);
  });
});
