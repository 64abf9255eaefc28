import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let other: ProjectFixture;

beforeAll(async () => {
  t = app();
  [project, other] = await Promise.all([createProjectFixture(t), createProjectFixture(t)]);
});

const patch = (p: ProjectFixture, override: Record<string, unknown>) =>
  callUntyped(t, "PATCH", "/internal/config/override/environment", { creds: p.admin, body: { config_override_string: JSON.stringify(override) } });
const rendered = async (p: ProjectFixture) => JSON.parse((await callUntyped(t, "GET", "/internal/config", { creds: p.admin })).json.config_string);

describe("saved analytics queries and dashboards in the configuration", () => {
  it("are folders of queries, written by dotted keys and removed by null, per project", async () => {
    expect((await rendered(project)).analytics).toEqual({ queryFolders: {} });
    expect((await patch(project, { "analytics.queryFolders.f1": { displayName: "Folder 1", sortOrder: -100, queries: {} } })).status).toBe(200);
    expect((await patch(project, { "analytics.queryFolders.f1.queries.q1": { displayName: "Query", sqlQuery: "SELECT 'こんにちは' AS greeting" } })).status).toBe(200);
    expect((await patch(project, { "analytics.queryFolders.f1.queries.q2": { displayName: "Two", sqlQuery: "SELECT 2", description: "🎉" } })).status).toBe(200);
    expect((await rendered(project)).analytics.queryFolders.f1).toEqual({
      displayName: "Folder 1",
      sortOrder: -100,
      queries: { q1: { displayName: "Query", sqlQuery: "SELECT 'こんにちは' AS greeting" }, q2: { displayName: "Two", sqlQuery: "SELECT 2", description: "🎉" } },
    });
    await patch(project, { "analytics.queryFolders.f1.queries.q1": null });
    expect(Object.keys((await rendered(project)).analytics.queryFolders.f1.queries)).toEqual(["q2"]);
    await patch(project, { "analytics.queryFolders.f1": null });
    expect((await rendered(project)).analytics.queryFolders).toEqual({});
    expect((await rendered(other)).analytics.queryFolders).toEqual({});
  });

  it("refuse malformed folders, queries and dashboards", async () => {
    for (const override of [
      { "analytics.queryFolders.f": { displayName: 1 } },
      { "analytics.queryFolders.f": { sortOrder: 1.5 } },
      { "analytics.queryFolders.f.queries.q": { sqlQuery: "x".repeat(100_001) } },
      { "analytics.queryFolders.f.queries.q": { unknown: true } },
      { "analytics.queryFolders.-bad": { displayName: "x" } },
      { "analytics.other": {} },
      { "customDashboards.not-a-uuid": { displayName: "x", tsxSource: "" } },
      { "apps.installed.analytics.enabled": "yes" },
    ]) {
      const res = await patch(project, override);
      // Refused documents are answered as Stack Auth answers them: 400, the problems as text.
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.headers.get("content-type"), JSON.stringify(override)).toContain("text/plain");
    }
  });

  it("hold custom dashboards by UUID and the apps a project installed", async () => {
    const id = randomUUID();
    expect((await patch(project, { [`customDashboards.${id}`]: { displayName: "Growth", tsxSource: "export default 1" }, "apps.installed.analytics.enabled": true })).status).toBe(200);
    const config = await rendered(project);
    expect(config.customDashboards[id]).toEqual({ displayName: "Growth", tsxSource: "export default 1" });
    expect(config.apps.installed.analytics).toEqual({ enabled: true });
  });
});
