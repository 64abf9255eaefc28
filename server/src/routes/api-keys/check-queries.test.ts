/**
 * What one POST /user-api-keys/check costs the database: the project and its keys come from
 * caches invalidated on change (services/cache-sync.ts), so checking a key makes exactly one
 * statement, the key read. A new statement on this path fails here.
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
  project = await createProjectFixture(t, { config: { allow_user_api_keys: true } });
});

describe("POST /user-api-keys/check database statements", () => {
  it("makes one statement, the key read, once the caches are warm", async () => {
    const user = await signUpUser(t, project.client);
    const created = await call(t, "POST", "/user-api-keys", {
      creds: { ...project.client, accessToken: user.accessToken },
      body: { description: "ci", expires_at_millis: null, user_id: "me" },
    });
    const check = () => call(t, "POST", "/user-api-keys/check", { creds: project.server, body: { api_key: created.json.value } });
    expect((await check()).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const counter = countQueries(t.db);
      try {
        expect((await check()).status).toBe(200);
        const statements = counter.statements.filter((sql) => !isBackgroundPoll(sql));
        expect(statements, statements.join("\n")).toHaveLength(1);
        expect(statements[0]).toMatch(/^SELECT .* FROM api_keys WHERE project_id = \$1 AND branch_id = \$2 AND id = \$3$/);
      } finally {
        counter.restore();
      }
    }
  });
});
