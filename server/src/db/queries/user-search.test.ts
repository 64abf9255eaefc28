/**
 * Search through the trigram indexes finds exactly what the plain case-insensitive substring
 * match over display name, id and every contact channel did, by either of its two plans,
 * and pages through it like the unfiltered list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../testing/test-db";
import type { Db } from "../db";
import type { Tenant } from "./tenant";
import { listUserPage } from "./user-list";
import { userSearchCondition } from "./user-search";

const tenant: Tenant = { projectId: "search-here", branchId: "main" };
const elsewhere: Tenant = { projectId: "search-elsewhere", branchId: "main" };

interface Seeded {
  id: string;
  displayName: string | null;
  emails: string[];
}

const PEOPLE: Array<[string | null, string[]]> = [
  ["Ada Lovelace", ["ada@example.com"]],
  ["ADA KING", ["countess@Example.org", "ada.king@analytical.engine"]],
  ["Grace_Hopper", ["grace@navy.mil"]],
  ["100% Sure", ["percent@example.com"]],
  ["back\\slash", ["back@example.com"]],
  [null, ["nameless@example.com"]],
  ["No E-mail", []],
  ["Alan Turing", ["alan@bletchley.uk", "turing_machine@example.com"]],
  ["Émile Ñoño", ["emile@example.fr"]],
  ...Array.from({ length: 30 }, (_, i): [string, string[]] => [`Person ${i}`, [`person-${i}@example.com`]]),
];

const QUERIES = ["ada", "ADA", "lovelace", "example.com", "EXAMPLE.ORG", "_", "%", "\\", "Person 1", "person-2", "-", "e", "mail", "zz-none", "Ñoño", "@"];

function expected(people: Seeded[], query: string): string[] {
  const needle = query.toLowerCase();
  return people
    .filter((p) => (p.displayName ?? "").toLowerCase().includes(needle) || p.id.includes(needle) || p.emails.some((e) => e.toLowerCase().includes(needle)))
    .map((p) => p.id);
}

describe("user search", () => {
  let db: Db;
  const people: Seeded[] = [];

  beforeAll(async () => {
    db = await createTestDb();
    for (const t of [tenant, elsewhere]) {
      await db.query("INSERT INTO projects (id, display_name) VALUES ($1, $1)", [t.projectId]);
      await db.query("INSERT INTO branches (project_id, id) VALUES ($1, 'main')", [t.projectId]);
    }
    for (const [index, [displayName, emails]] of PEOPLE.entries()) {
      const [{ id }] = (await db.query<{ id: string }>(
        `INSERT INTO users (project_id, branch_id, id, display_name, signed_up_at)
         VALUES ($1, 'main', gen_random_uuid(), $2, now() - $3 * interval '1 minute') RETURNING id`,
        [tenant.projectId, displayName, index % 7],
      )) as [{ id: string }];
      for (const [n, email] of emails.entries()) {
        await db.query(
          `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary)
           VALUES ($1, 'main', gen_random_uuid(), $2, 'email', $3, $4)`,
          [tenant.projectId, id, email, n === 0],
        );
      }
      people.push({ id, displayName, emails });
    }
    // The same people in another project are never found.
    await db.query(
      `INSERT INTO users (project_id, branch_id, id, display_name) SELECT $1, 'main', gen_random_uuid(), display_name FROM users WHERE project_id = $2`,
      [elsewhere.projectId, tenant.projectId],
    );
  });

  afterAll(async () => {
    await db?.close();
  });

  const idPrefix = () => people[0]!.id.slice(0, 8);

  it.each(QUERIES)("finds the same users for %j through the indexes and by walking the list", async (query) => {
    const want = expected(people, query).sort();
    for (const manyMatches of [0, 10_000]) {
      const params: unknown[] = [tenant.projectId, tenant.branchId];
      const condition = await userSearchCondition(db, tenant, query, (value) => `$${params.push(value)}`, manyMatches);
      const rows = await db.query<{ id: string }>(`SELECT u.id FROM users u WHERE u.project_id = $1 AND u.branch_id = $2 AND ${condition}`, params);
      expect(rows.map((r) => r.id).sort()).toEqual(want);
    }
  });

  it("finds a user by a prefix of the id, in either case", async () => {
    for (const query of [idPrefix(), idPrefix().toUpperCase()]) {
      const page = await listUserPage(db, tenant, { orderBy: "signed_up_at", desc: false, limit: 100, query, anonymous: "include", includeRestricted: true });
      expect(page.users.map((u) => u.id)).toContain(people[0]!.id);
      expect(page.users.map((u) => u.id).sort()).toEqual(expected(people, query.toLowerCase()).sort());
    }
  });

  it("pages through search results in list order without gaps or repeats", async () => {
    for (const desc of [false, true]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listUserPage(db, tenant, { orderBy: "signed_up_at", desc, limit: 4, cursor, query: "e", anonymous: "include", includeRestricted: true });
        seen.push(...page.users.map((u) => u.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const order = await db.query<{ id: string }>(
        `SELECT id FROM users WHERE project_id = $1 AND id = ANY($2::uuid[]) ORDER BY signed_up_at ${desc ? "DESC" : "ASC"}, id ${desc ? "DESC" : "ASC"}`,
        [tenant.projectId, expected(people, "e")],
      );
      expect(seen).toEqual(order.map((r) => r.id));
    }
  });

  // Regression: as `u.id IN (…)` the matches were a semi-join that a planner without table
  // statistics (PGlite never analyzes on its own) ran again for every user it listed, reading
  // every user and address each time: 18 s to search 2,000 users.
  it("reads the matching users once, whatever the planner knows of the tables", async () => {
    const loops: number[] = [];
    const explaining = {
      async query<Row>(sql: string, params: readonly unknown[] = []) {
        // Only the queries that search; the page's rows then read each listed user's channels by index.
        if (!sql.includes("ILIKE")) return db.query<Row>(sql, params);
        const [explained] = await db.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
        const visit = (node: PlanNode): void => {
          if (node["Relation Name"] === "contact_channels") loops.push(node["Actual Loops"]);
          node.Plans?.forEach(visit);
        };
        visit(explained!["QUERY PLAN"][0]!.Plan);
        return db.query<Row>(sql, params);
      },
    };
    const page = await listUserPage(explaining, tenant, { orderBy: "signed_up_at", desc: true, limit: 10, query: "person-2", anonymous: "exclude", includeRestricted: true });
    expect(page.users.map((u) => u.displayName)).toContain("Person 2");
    expect(loops.length).toBeGreaterThan(0);
    expect(loops.every((count) => count === 1)).toBe(true);
  });
});

interface PlanNode {
  "Relation Name"?: string;
  "Actual Loops": number;
  Plans?: PlanNode[];
}
