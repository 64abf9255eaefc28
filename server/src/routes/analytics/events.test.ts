import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const batch = { batch_id: "b-1", sent_at_ms: 1_700_000_000_000, events: [{ event_type: "$page-view", data: { path: "/handler/sign-in" } }] };

describe("the SDK's analytics batches", () => {
  it("are accepted and dropped, as JSON and gzipped, from a signed-in user or none", async () => {
    const json = await callUntyped(t, "POST", "/analytics/events/batch", { creds: { ...project.client, accessToken: project.user.accessToken }, body: batch });
    expect(json.status, json.text).toBe(200);
    expect(json.json).toEqual({ success: true });

    const gzipped = await t.request("/api/v1/analytics/events/batch", {
      method: "POST",
      headers: { ...authHeaders(project.client), "content-type": "application/octet-stream" },
      body: gzipSync(JSON.stringify(batch)),
    });
    expect(gzipped.status).toBe(200);
    expect(await gzipped.json()).toEqual({ success: true });
  });

  it("still refuse JSON the databases could not hold, as every route does", async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    const refused = await callUntyped(t, "POST", "/analytics/events/batch", { creds: project.client, body: { events: [deep] } });
    expect(refused.json.code).toBe("SCHEMA_ERROR");
    const notAnObject = await callUntyped(t, "POST", "/analytics/events/batch", { creds: project.client, body: "[1,2]" });
    expect(notAnObject.json.code).toBe("SCHEMA_ERROR");
  });
});

describeSecurity({
  operationId: "sendAnalyticsEvents",
  method: "POST",
  path: "/analytics/events/batch",
  access: ["client", "server", "admin"],
  body: batch,
});
