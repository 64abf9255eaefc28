import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("session-replays");

describe("session-replays: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let accessToken: string;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    accessToken = (await signUpThroughProxy(env.api, project.client)).accessToken;
  });

  const batch = () => ({
    browser_session_id: randomUUID(),
    session_replay_segment_id: randomUUID(),
    batch_id: randomUUID(),
    started_at_ms: 1_700_000_000_000,
    sent_at_ms: 1_700_000_000_500,
    events: [
      { type: 4, timestamp: 1_700_000_000_100, data: { href: "https://app.example.com/", width: 1280, height: 720 } },
      { type: 2, timestamp: 1_700_000_000_200, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
    ],
  });

  it("refuses uploads until the Analytics app is installed, then stores and plays a batch back in the documented shapes", async () => {
    const client = { ...project.client, accessToken };
    expectKnownErrorThroughProxy(await env.api.call("POST", "/session-replays/batch", { creds: client, body: batch() }), 400, "ANALYTICS_NOT_ENABLED");
    const installed = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) },
    });
    expectValidThroughProxy(installed, 200);

    const body = batch();
    const stored = await env.api.call("POST", "/session-replays/batch", { creds: client, body });
    expectValidThroughProxy(stored, 200);
    expect(stored.json.deduped).toBe(false);
    const again = await env.api.call("POST", "/session-replays/batch", { creds: client, body });
    expectValidThroughProxy(again, 200);
    expect(again.json.deduped).toBe(true);
    const replayId: string = stored.json.session_replay_id;

    const list = await env.api.call("GET", "/internal/session-replays", { creds: project.admin });
    expectValidThroughProxy(list, 200);
    expect(list.json.items.map((item: { id: string }) => item.id)).toEqual([replayId]);
    expectValidThroughProxy(await env.api.call("GET", `/internal/session-replays/${replayId}`, { creds: project.admin }), 200);
    const chunks = await env.api.call("GET", `/internal/session-replays/${replayId}/chunks`, { creds: project.admin });
    expectValidThroughProxy(chunks, 200);
    const chunkId: string = chunks.json.items[0].id;
    const events = await env.api.call("GET", `/internal/session-replays/${replayId}/chunks/${chunkId}/events`, { creds: project.admin });
    expectValidThroughProxy(events, 200);
    expect(events.json.events).toEqual(body.events);
    const all = await env.api.call("GET", `/internal/session-replays/${replayId}/events`, { creds: project.admin });
    expectValidThroughProxy(all, 200);
    expect(all.json.chunk_events).toEqual([{ chunk_id: chunkId, events: body.events }]);
  });

  it("answers unknown replays, chunks and cursors with ITEM_NOT_FOUND, and an inverted filter with a plain 400", async () => {
    const unknown = randomUUID();
    expectKnownErrorThroughProxy(await env.api.call("GET", `/internal/session-replays/${unknown}`, { creds: project.admin }), 404, "ITEM_NOT_FOUND");
    expectKnownErrorThroughProxy(await env.api.call("GET", `/internal/session-replays?cursor=${unknown}`, { creds: project.admin }), 404, "ITEM_NOT_FOUND");
    expectKnownErrorThroughProxy(await env.api.call("GET", `/internal/session-replays/${unknown}/events`, { creds: project.admin }), 404, "ITEM_NOT_FOUND");
    const inverted = await env.api.call("GET", "/internal/session-replays?duration_ms_min=5000&duration_ms_max=1000", { creds: project.admin });
    expectValidThroughProxy(inverted, 400);
    expect(inverted.headers.get("content-type")).toContain("text/plain");
    expect(inverted.text).toContain("duration_ms_min");
  });
});
