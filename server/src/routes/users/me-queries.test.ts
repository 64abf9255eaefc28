/**
 * What one GET /users/me costs the database. The caller's project, configuration, keys and
 * signing keys come from caches invalidated on change (services/cache-sync.ts), and ended
 * sessions are known from memory (services/sessions/revoked-sessions.ts), so a request makes exactly
 * one statement: the user read. A new statement on this path fails here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { countQueries, isBackgroundPoll } from "../../testing/query-counter";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

async function statementsOf(request: () => Promise<{ status: number }>): Promise<string[]> {
  const counter = countQueries(t.db);
  try {
    expect((await request()).status).toBe(200);
    return counter.statements.filter((sql) => !isBackgroundPoll(sql));
  } finally {
    counter.restore();
  }
}

describe("GET /users/me database statements", () => {
  it("makes one statement, the user read, once the caches are warm", async () => {
    const user = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    // The first use of a token also records activity (at most once a minute per user).
    await call(t, "GET", "/users/me", { creds });
    for (let i = 0; i < 3; i++) {
      const statements = await statementsOf(() => call(t, "GET", "/users/me", { creds }));
      expect(statements, statements.join("\n")).toHaveLength(1);
      expect(statements[0]).toMatch(/^SELECT u\.id, .* FROM users u LEFT JOIN contact_channels cc .* WHERE u\.project_id = \$1 AND u\.branch_id = \$2 AND u\.id = \$3$/);
    }
  });

  it("still makes one statement after the old 2 s cache lifetime", async () => {
    const creds = { ...project.client, accessToken: project.user.accessToken };
    await call(t, "GET", "/users/me", { creds });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const statements = await statementsOf(() => call(t, "GET", "/users/me", { creds }));
    expect(statements, statements.join("\n")).toHaveLength(1);
  });

  it("makes one statement with server access too", async () => {
    const creds = { ...project.server, accessToken: project.user.accessToken };
    await call(t, "GET", "/users/me", { creds });
    const statements = await statementsOf(() => call(t, "GET", "/users/me", { creds }));
    expect(statements, statements.join("\n")).toHaveLength(1);
  });
});
