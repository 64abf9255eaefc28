import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { countQueries } from "../../testing/query-counter";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("GET /users/me query count", () => {
  it("counts", async () => {
    const creds = { ...project.client, accessToken: project.user.accessToken };
    const counter = countQueries(t.db);
    for (let i = 0; i < 3; i++) {
      counter.reset();
      const res = await call(t, "GET", "/users/me", { creds });
      expect(res.status).toBe(200);
      console.log(`request ${i}: ${counter.statements.length}\n  ${counter.statements.join("\n  ")}`);
    }
    await new Promise((r) => setTimeout(r, 2100));
    counter.reset();
    await call(t, "GET", "/users/me", { creds });
    console.log(`after 2.1 s: ${counter.statements.length}\n  ${counter.statements.join("\n  ")}`);
    counter.restore();
  });
});
