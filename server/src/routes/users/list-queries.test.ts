/**
 * What one GET /users costs the database does not grow with the page: the page's ids, the
 * users' rows, and for a search one capped count of the matches, whatever the limit.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { countQueries, isBackgroundPoll } from "../../testing/query-counter";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  for (let i = 0; i < 12; i++) {
    const res = await callUntyped(t, "POST", "/users", { creds: project.server, body: { primary_email: uniqueEmail("listed"), display_name: `Listed ${i}` } });
    expect(res.status).toBe(201);
  }
});

async function statementsOf(path: string): Promise<{ statements: string[]; items: number }> {
  const counter = countQueries(t.db);
  try {
    const res = await callUntyped(t, "GET", path, { creds: project.server });
    expect(res.status).toBe(200);
    return { statements: counter.statements.filter((sql) => !isBackgroundPoll(sql)), items: (res.json.items as unknown[]).length };
  } finally {
    counter.restore();
  }
}

describe("GET /users database statements", () => {
  it.each([
    ["a page", ""],
    ["a page after a cursor", "&cursor=<cursor>"],
    ["a search", "&query=listed"],
    ["a search by e-mail after a cursor", "&query=example&cursor=<cursor>"],
  ])("makes as many statements for a page of 2 as for a page of 10: %s", async (_, extra) => {
    const first = await callUntyped(t, "GET", "/users?limit=1&query=listed", { creds: project.server });
    const cursor = (first.json.pagination as { next_cursor: string }).next_cursor;
    const suffix = extra.replace("<cursor>", cursor);
    await statementsOf(`/users?limit=2${suffix}`);
    const small = await statementsOf(`/users?limit=2${suffix}`);
    const large = await statementsOf(`/users?limit=10${suffix}`);
    expect(small.items).toBe(2);
    expect(large.items).toBe(10);
    expect(large.statements, large.statements.join("\n")).toHaveLength(small.statements.length);
    expect(small.statements.length).toBeLessThanOrEqual(3);
  });
});
