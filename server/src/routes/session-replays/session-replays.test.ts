import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, type Credentials, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const BASE = 1_700_000_000_000;

/** Installs the Analytics app, which session replays belong to. */
async function enableRecording(fixture: ProjectFixture): Promise<void> {
  const res = await call(t, "PATCH", "/internal/config/override/environment", {
    creds: fixture.admin,
    body: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) },
  });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  await enableRecording(project);
});

const as = (user: SignedInUser, fixture = project): Credentials => ({ ...fixture.client, accessToken: user.accessToken });

interface BatchOptions {
  batchId?: string;
  events?: unknown[];
  sentAt?: number;
  segmentId?: string;
}

const batchBody = (options: BatchOptions = {}) => ({
  browser_session_id: randomUUID(),
  session_replay_segment_id: options.segmentId ?? randomUUID(),
  batch_id: options.batchId ?? randomUUID(),
  started_at_ms: BASE,
  sent_at_ms: options.sentAt ?? BASE + 500,
  events: options.events ?? [{ type: 2, timestamp: BASE + 100 }],
});

const upload = (creds: Credentials, options: BatchOptions = {}) => call(t, "POST", "/session-replays/batch", { creds, body: batchBody(options) });

const admin = (path: string, fixture = project) => callUntyped(t, "GET", path, { creds: fixture.admin });

async function uploaded(creds: Credentials, options: BatchOptions = {}): Promise<string> {
  const res = await upload(creds, options);
  expect(res.status, res.text).toBe(200);
  return res.json.session_replay_id;
}

describe("uploading batches", () => {
  it("stores a batch, lists it, and plays its events back exactly as sent", async () => {
    const user = await signUpUser(t, project.client);
    const events = [
      { type: 4, timestamp: BASE + 100, data: { href: "https://app.example.com/", width: 1280, height: 720 } },
      { type: 2, timestamp: BASE + 200, data: { node: { type: 0, childNodes: [] }, initialOffset: { top: 0, left: 0 } } },
      { type: 3, timestamp: BASE + 900, data: { source: 2, type: 2, id: 7, x: 10, y: 20 } },
    ];
    const res = await upload(as(user), { events });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      session_replay_id: expect.any(String),
      batch_id: expect.any(String),
      s3_key: `session-replays/${project.projectId}/main/${res.json.session_replay_id}/${res.json.batch_id}.json.gz`,
      deduped: false,
    });
    const replayId = res.json.session_replay_id;

    const list = await admin(`/internal/session-replays?user_ids=${user.userId}`);
    expect(list.json).toEqual({
      items: [
        {
          id: replayId,
          project_user: { id: user.userId, display_name: null, primary_email: user.email },
          started_at_millis: BASE + 100,
          last_event_at_millis: BASE + 900,
          chunk_count: 1,
          event_count: 3,
          click_count: 1,
        },
      ],
      is_paginated: true,
      pagination: { next_cursor: null },
    });

    expect((await admin(`/internal/session-replays/${replayId}`)).json).toEqual(list.json.items[0]);
    const chunks = await admin(`/internal/session-replays/${replayId}/chunks`);
    expect(chunks.json.items).toHaveLength(1);
    const chunk = chunks.json.items[0];
    expect(chunk).toMatchObject({ batch_id: res.json.batch_id, event_count: 3, first_event_at_millis: BASE + 100, last_event_at_millis: BASE + 900 });
    expect(chunk.byte_length).toBeGreaterThan(0);
    expect((await admin(`/internal/session-replays/${replayId}/chunks/${chunk.id}/events`)).json).toEqual({ events });
    expect((await admin(`/internal/session-replays/${replayId}/events`)).json).toEqual({ chunks: [chunk], chunk_events: [{ chunk_id: chunk.id, events }] });
  });

  it("stores a batch id once per user: the same batch again is deduped and changes nothing", async () => {
    const user = await signUpUser(t, project.client);
    const batchId = randomUUID();
    const first = await upload(as(user), { batchId, events: [{ type: 2, timestamp: BASE + 100 }] });
    const again = await upload(as(user), { batchId, events: [{ type: 3, timestamp: BASE + 50_000 }, { type: 3, timestamp: BASE + 60_000 }] });
    expect(again.json).toEqual({ ...first.json, deduped: true });
    const [replay] = (await admin(`/internal/session-replays?user_ids=${user.userId}`)).json.items;
    expect(replay).toMatchObject({ chunk_count: 1, event_count: 1, last_event_at_millis: BASE + 100 });

    // Another user's batch under the same id is their own.
    const other = await signUpUser(t, project.client);
    expect((await upload(as(other), { batchId })).json.deduped).toBe(false);
  });

  it("recognises a retried batch even after its replay has closed", async () => {
    const user = await signUpUser(t, project.client);
    const batchId = randomUUID();
    const replayId = await uploaded(as(user), { batchId });
    await t.db.query("UPDATE session_replays SET updated_at = now() - interval '10 minutes' WHERE id = $1", [replayId]);
    expect((await upload(as(user), { batchId })).json).toMatchObject({ session_replay_id: replayId, deduped: true });
    expect((await admin(`/internal/session-replays?user_ids=${user.userId}`)).json.items).toHaveLength(1);
  });

  it("groups a session's batches into one replay, until it is idle for 3 minutes or 12 hours old", async () => {
    const user = await signUpUser(t, project.client);
    const first = await uploaded(as(user), { events: [{ timestamp: BASE + 1_000 }] });
    expect(await uploaded(as(user), { events: [{ timestamp: BASE + 5_000 }, { timestamp: BASE + 500 }] })).toBe(first);
    const [replay] = (await admin(`/internal/session-replays?user_ids=${user.userId}`)).json.items;
    expect(replay).toMatchObject({ id: first, chunk_count: 2, event_count: 3, started_at_millis: BASE + 500, last_event_at_millis: BASE + 5_000 });

    // Another session of the same user records its own replay.
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    const otherSession = await uploaded({ ...project.client, accessToken: signIn.json.access_token });
    expect(otherSession).not.toBe(first);

    await t.db.query("UPDATE session_replays SET updated_at = now() - interval '181 seconds' WHERE id = $1", [first]);
    const afterIdle = await uploaded(as(user));
    expect(afterIdle).not.toBe(first);
    await t.db.query("UPDATE session_replays SET created_at = now() - interval '12 hours 1 minute' WHERE id = $1", [afterIdle]);
    expect(await uploaded(as(user))).not.toBe(afterIdle);
  });

  it("takes the time the batch was sent for events without a usable timestamp", async () => {
    const user = await signUpUser(t, project.client);
    const replayId = await uploaded(as(user), {
      sentAt: BASE + 777,
      events: [{ type: 2 }, { type: 3, timestamp: "soon" }, { timestamp: 1e300 }, { timestamp: -5 }, null, "text", 42],
    });
    const [replay] = (await admin(`/internal/session-replays?user_ids=${user.userId}`)).json.items;
    expect(replay).toMatchObject({ id: replayId, started_at_millis: BASE + 777, last_event_at_millis: BASE + 777, event_count: 7 });
  });

  it("keeps what rrweb records that other routes refuse: deep DOM nesting, NUL and lone surrogates", async () => {
    const user = await signUpUser(t, project.client);
    let node: Record<string, unknown> = { type: 3, textContent: "leaf \u0000 \ud83d" };
    for (let depth = 0; depth < 300; depth += 1) node = { type: 2, tagName: "div", childNodes: [node] };
    const events = [{ type: 2, timestamp: BASE, data: { node } }];
    const replayId = await uploaded(as(user), { events });
    expect((await admin(`/internal/session-replays/${replayId}/events`)).json.chunk_events[0].events).toEqual(events);

    // Still bounded, so nothing walking the events can overflow the stack.
    let tooDeep: unknown = [];
    for (let depth = 0; depth < 1_000; depth += 1) tooDeep = [tooDeep];
    const refused = await upload(as(user), { events: [tooDeep] });
    expect([refused.status, refused.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    // Elsewhere in the body the usual rules hold.
    const badKey = await callUntyped(t, "POST", "/session-replays/batch", { creds: as(user), body: { ...batchBody(), batch_id: "\u0000" } });
    expect(badKey.json.code).toBe("SCHEMA_ERROR");
  });

  it("refuses empty, overfull and oversized batches with a plain status, as Stack Auth does, and malformed ones with SCHEMA_ERROR", async () => {
    const user = await signUpUser(t, project.client);
    const send = (body: unknown) => callUntyped(t, "POST", "/session-replays/batch", { creds: as(user), body });
    const refuse = async (body: unknown, code: string) => {
      const res = await send(body);
      expect([res.status, res.json.code], JSON.stringify(body).slice(0, 100)).toEqual([400, code]);
      return res;
    };
    expect(plainRefusal(await send({ ...batchBody(), events: [] }))).toEqual([400, expect.stringContaining("at least one event")]);
    const overfull = Array.from({ length: 5_001 }, (_, i) => ({ timestamp: BASE + i }));
    expect(plainRefusal(await send({ ...batchBody(), events: overfull }))).toEqual([400, expect.stringContaining("at most 5,000 events")]);
    expect((await upload(as(user), { events: Array.from({ length: 5_000 }, (_, i) => ({ timestamp: BASE + i })) })).status).toBe(200);
    const big = await send({ ...batchBody(), events: [{ timestamp: BASE, data: "a".repeat(1_000_001) }] });
    expect(plainRefusal(big)).toEqual([413, expect.stringContaining("1,000,000 bytes")]);
    for (const field of ["browser_session_id", "session_replay_segment_id", "batch_id"]) {
      await refuse({ ...batchBody(), [field]: "not-a-uuid" }, "SCHEMA_ERROR");
    }
    await refuse({ ...batchBody(), started_at_ms: 123.4 }, "SCHEMA_ERROR");
    await refuse({ ...batchBody(), sent_at_ms: -1 }, "SCHEMA_ERROR");
    await refuse({ ...batchBody(), extra: true }, "SCHEMA_ERROR");
    const { events: _events, ...withoutEvents } = batchBody();
    await refuse(withoutEvents, "SCHEMA_ERROR");
    expect((await admin(`/internal/session-replays?user_ids=${user.userId}`)).json.items).toHaveLength(1);
  });

  it("needs the Analytics app, then a signed-in user; server access records for the user of its token", async () => {
    const fixture = await createProjectFixture(t);
    const off = await upload(as(fixture.user, fixture));
    expect([off.status, off.json.code]).toEqual([400, "ANALYTICS_NOT_ENABLED"]);
    await enableRecording(fixture);
    const anonymous = await upload(fixture.client);
    expect([anonymous.status, anonymous.json.code]).toEqual([401, "USER_AUTHENTICATION_REQUIRED"]);
    expect((await upload(fixture.server)).json.code).toBe("USER_AUTHENTICATION_REQUIRED");
    const asServer = await upload({ ...fixture.server, accessToken: fixture.user.accessToken });
    expect(asServer.status).toBe(200);
    const [replay] = (await admin("/internal/session-replays", fixture)).json.items;
    expect(replay.project_user.id).toBe(fixture.user.userId);
  });

  it("limits the batches of one session (sessionReplayBatchesPerSession)", async () => {
    const fixture = await createProjectFixture(t, { config: { rate_limits: { session_replay_batches_per_session: { max: 2 } } } });
    await enableRecording(fixture);
    const creds = as(fixture.user, fixture);
    expect((await upload(creds)).status).toBe(200);
    expect((await upload(creds)).status).toBe(200);
    const limited = await upload(creds);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("listing replays", () => {
  let fixture: ProjectFixture;
  let a: SignedInUser;
  let b: SignedInUser;
  let teamId: string;
  let short: string;
  let long: string;
  let late: string;

  beforeAll(async () => {
    fixture = await createProjectFixture(t);
    await enableRecording(fixture);
    a = await signUpUser(t, fixture.client);
    b = await signUpUser(t, fixture.client);
    const team = await call(t, "POST", "/teams", { creds: fixture.server, body: { display_name: "Pilots", creator_user_id: a.userId } });
    teamId = team.json.id;
    // a: 5 s with two clicks; b: 30 s, then (another session) a late replay of 1 s.
    const click = (at: number) => ({ type: 3, timestamp: at, data: { source: 2, type: 2, id: 1, x: 1, y: 1 } });
    short = await uploaded(as(a, fixture), { events: [{ timestamp: BASE }, click(BASE + 1_000), click(BASE + 5_000)] });
    long = await uploaded(as(b, fixture), { events: [{ timestamp: BASE }, { timestamp: BASE + 30_000 }, click(BASE + 30_000)] });
    const bAgain = await call(t, "POST", "/auth/password/sign-in", { creds: fixture.client, body: { email: b.email, password: b.password } });
    late = await uploaded({ ...fixture.client, accessToken: bAgain.json.access_token }, { events: [{ timestamp: BASE + 100_000 }, { timestamp: BASE + 101_000 }] });
  });

  const ids = async (query: string) => {
    const res = await admin(`/internal/session-replays${query}`, fixture);
    expect(res.status, res.text).toBe(200);
    return res.json.items.map((item: { id: string }) => item.id);
  };

  it("lists the latest activity first, and filters by user, team, duration, time and clicks, combined", async () => {
    expect(await ids("")).toEqual([late, long, short]);
    expect(await ids(`?user_ids=${a.userId}`)).toEqual([short]);
    expect(await ids(`?user_ids=${a.userId},${b.userId}`)).toEqual([late, long, short]);
    expect(await ids(`?user_ids=${randomUUID()}`)).toEqual([]);
    expect(await ids(`?team_ids=${teamId}`)).toEqual([short]);
    expect(await ids(`?team_ids=${randomUUID()}`)).toEqual([]);
    expect(await ids("?duration_ms_min=10000")).toEqual([long]);
    expect(await ids("?duration_ms_max=10000")).toEqual([late, short]);
    expect(await ids("?duration_ms_min=0&duration_ms_max=50000")).toEqual([late, long, short]);
    expect(await ids("?duration_ms_min=10000&duration_ms_max=20000")).toEqual([]);
    expect(await ids(`?last_event_at_from_millis=${BASE + 50_000}`)).toEqual([late]);
    expect(await ids(`?last_event_at_to_millis=${BASE + 50_000}`)).toEqual([long, short]);
    expect(await ids(`?last_event_at_from_millis=${BASE + 30_000}&last_event_at_to_millis=${BASE + 30_000}`)).toEqual([long]);
    expect(await ids("?click_count_min=2")).toEqual([short]);
    expect(await ids("?click_count_min=1")).toEqual([long, short]);
    expect(await ids("?click_count_min=0")).toEqual([late, long, short]);
    expect(await ids(`?user_ids=${b.userId}&team_ids=${teamId}`)).toEqual([]);
    expect(await ids(`?user_ids=${b.userId}&duration_ms_max=10000`)).toEqual([late]);
  });

  it("pages with a cursor, without skipping replays whose last events coincide", async () => {
    const tied = await createProjectFixture(t);
    await enableRecording(tied);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await uploaded(as(await signUpUser(t, tied.client), tied), { events: [{ timestamp: BASE }] }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: { items: Array<{ id: string }>; pagination: { next_cursor: string | null } } } = await admin(
        `/internal/session-replays?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        tied,
      );
      expect(page.json.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.items.map((item) => item.id));
      cursor = page.json.pagination.next_cursor;
    } while (cursor);
    expect([...seen].sort()).toEqual([...made].sort());
    expect(new Set(seen).size).toBe(5);
  });

  it("refuses malformed filters with a plain 400, as Stack Auth does, and unknown cursors with ITEM_NOT_FOUND", async () => {
    for (const [query, problem] of [
      ["user_ids=not-a-uuid", "user_ids must be"],
      ["team_ids=not-a-uuid", "team_ids must be"],
      [`user_ids=${Array.from({ length: 101 }, () => randomUUID()).join(",")}`, "at most 100 ids"],
      ["duration_ms_min=abc", "duration_ms_min must be"],
      ["duration_ms_min=-1", "duration_ms_min must be"],
      ["duration_ms_max=12.5", "duration_ms_max must be"],
      ["duration_ms_min=5000&duration_ms_max=1000", "larger than"],
      ["last_event_at_from_millis=not-a-number", "last_event_at_from_millis must be"],
      ["last_event_at_from_millis=2000&last_event_at_to_millis=1000", "later than"],
      ["last_event_at_to_millis=253402300800000", "last_event_at_to_millis must be"],
      ["click_count_min=1.5", "click_count_min must be"],
      ["click_count_min=-3", "click_count_min must be"],
    ]) {
      expect(plainRefusal(await admin(`/internal/session-replays?${query}`, fixture)), query).toEqual([400, expect.stringContaining(problem!)]);
    }
    // An empty filter is no filter; a trailing comma is forgiven.
    expect(await ids(`?user_ids=&duration_ms_min=`)).toHaveLength(3);
    expect(await ids(`?user_ids=${a.userId},`)).toEqual([short]);
    for (const query of ["limit=0", "limit=201"]) {
      expect((await admin(`/internal/session-replays?${query}`, fixture)).json.code, query).toBe("SCHEMA_ERROR");
    }
    for (const cursor of [randomUUID(), "nope"]) {
      const res = await admin(`/internal/session-replays?cursor=${cursor}`, fixture);
      expect([res.status, res.json]).toEqual([404, { code: "ITEM_NOT_FOUND", error: expect.any(String), details: { item_id: cursor } }]);
    }
  });
});

describe("reading a replay's chunks and events", () => {
  let fixture: ProjectFixture;
  let replayId: string;
  let otherReplay: string;

  beforeAll(async () => {
    fixture = await createProjectFixture(t);
    await enableRecording(fixture);
    const user = await signUpUser(t, fixture.client);
    replayId = await uploaded(as(user, fixture), { events: [{ timestamp: BASE + 30, n: 3 }] });
    await uploaded(as(user, fixture), { events: [{ timestamp: BASE + 10, n: 1 }] });
    await uploaded(as(user, fixture), { events: [{ timestamp: BASE + 20, n: 2 }] });
    otherReplay = await uploaded(as(await signUpUser(t, fixture.client), fixture));
  });

  it("lists chunks in playing order, a page at a time; a cursor must be a chunk of this replay", async () => {
    const all = (await admin(`/internal/session-replays/${replayId}/chunks`, fixture)).json;
    expect(all.items.map((c: { first_event_at_millis: number }) => c.first_event_at_millis)).toEqual([BASE + 10, BASE + 20, BASE + 30]);
    expect(all.pagination.next_cursor).toBeNull();
    const first = (await admin(`/internal/session-replays/${replayId}/chunks?limit=2`, fixture)).json;
    expect(first.items.map((c: { id: string }) => c.id)).toEqual(all.items.slice(0, 2).map((c: { id: string }) => c.id));
    const second = (await admin(`/internal/session-replays/${replayId}/chunks?limit=2&cursor=${first.pagination.next_cursor}`, fixture)).json;
    expect(second).toMatchObject({ items: [all.items[2]], pagination: { next_cursor: null } });

    const foreignChunk = (await admin(`/internal/session-replays/${otherReplay}/chunks`, fixture)).json.items[0].id;
    const refused = await admin(`/internal/session-replays/${replayId}/chunks?cursor=${foreignChunk}`, fixture);
    expect([refused.status, refused.json.code, refused.json.details]).toEqual([404, "ITEM_NOT_FOUND", { item_id: foreignChunk }]);
    const unknown = randomUUID();
    expect((await admin(`/internal/session-replays/${unknown}/chunks`, fixture)).json).toMatchObject({ code: "ITEM_NOT_FOUND", details: { item_id: unknown } });
    expect((await admin(`/internal/session-replays/${replayId}/chunks?limit=501`, fixture)).json.code).toBe("SCHEMA_ERROR");
  });

  it("gives a chunk's events only under its own replay", async () => {
    const [chunk] = (await admin(`/internal/session-replays/${replayId}/chunks`, fixture)).json.items;
    expect((await admin(`/internal/session-replays/${replayId}/chunks/${chunk.id}/events`, fixture)).json).toEqual({ events: [{ timestamp: BASE + 10, n: 1 }] });
    const wrong = await admin(`/internal/session-replays/${otherReplay}/chunks/${chunk.id}/events`, fixture);
    expect([wrong.status, wrong.json.code, wrong.json.details]).toEqual([404, "ITEM_NOT_FOUND", { item_id: chunk.id }]);
  });

  it("gives every chunk with the events of a window of them", async () => {
    const window = (await admin(`/internal/session-replays/${replayId}/events?offset=1&limit=1`, fixture)).json;
    expect(window.chunks).toHaveLength(3);
    expect(window.chunk_events).toEqual([{ chunk_id: window.chunks[1].id, events: [{ timestamp: BASE + 20, n: 2 }] }]);
    const rest = (await admin(`/internal/session-replays/${replayId}/events?offset=1`, fixture)).json;
    expect(rest.chunk_events.map((e: { events: Array<{ n: number }> }) => e.events[0]!.n)).toEqual([2, 3]);
    expect((await admin(`/internal/session-replays/${replayId}/events?offset=3`, fixture)).json.chunk_events).toEqual([]);
    expect((await admin(`/internal/session-replays/${replayId}/events?limit=21`, fixture)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin(`/internal/session-replays/${randomUUID()}/events`, fixture)).json.code).toBe("ITEM_NOT_FOUND");
  });

  it("keeps replays within their project, and deletes them with their user", async () => {
    const other = await createProjectFixture(t);
    expect((await admin("/internal/session-replays", other)).json.items).toEqual([]);
    expect((await admin(`/internal/session-replays/${replayId}`, other)).json.code).toBe("ITEM_NOT_FOUND");
    expect((await admin(`/internal/session-replays/${replayId}/chunks`, other)).json.code).toBe("ITEM_NOT_FOUND");
    expect((await admin(`/internal/session-replays/${replayId}/events`, other)).json.code).toBe("ITEM_NOT_FOUND");
    expect((await admin(`/internal/session-replays?cursor=${replayId}`, other)).json.code).toBe("ITEM_NOT_FOUND");

    const [owner] = (await admin(`/internal/session-replays`, fixture)).json.items.filter((r: { id: string }) => r.id === otherReplay);
    expect((await call(t, "DELETE", `/users/${owner.project_user.id}`, { creds: fixture.server })).status).toBe(200);
    expect((await admin(`/internal/session-replays/${otherReplay}/chunks`, fixture)).json.code).toBe("ITEM_NOT_FOUND");
    const leftover = await t.db.query("SELECT 1 FROM session_replay_chunks WHERE replay_id = $1", [otherReplay]);
    expect(leftover).toHaveLength(0);
  });
});

/** A replay of the other project, for the foreign-resource checks. */
async function foreignReplay(ctx: SecurityContext): Promise<{ replayId: string; chunkId: string }> {
  const res = await callUntyped(ctx.t, "PATCH", "/internal/config/override/environment", {
    creds: ctx.otherProject.admin,
    body: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) },
  });
  expect(res.status).toBe(200);
  const stored = await callUntyped(ctx.t, "POST", "/session-replays/batch", { creds: { ...ctx.otherProject.client, accessToken: ctx.otherProject.user.accessToken }, body: batchBody() });
  const replayId: string = stored.json.session_replay_id;
  const chunks = await callUntyped(ctx.t, "GET", `/internal/session-replays/${replayId}/chunks`, { creds: ctx.otherProject.admin });
  return { replayId, chunkId: chunks.json.items[0].id };
}

const ZERO = "00000000-0000-4000-8000-000000000000";

describeSecurity({ operationId: "sendSessionReplayBatch", method: "POST", path: "/session-replays/batch", access: ["client", "server", "admin"], body: batchBody() });
describeSecurity({
  operationId: "listSessionReplays",
  method: "GET",
  path: "/internal/session-replays",
  access: ["admin"],
  foreignResource: async (ctx) => ({ path: `/internal/session-replays?cursor=${(await foreignReplay(ctx)).replayId}`, creds: ctx.project.admin, code: "ITEM_NOT_FOUND" }),
});
describeSecurity({
  operationId: "getSessionReplay",
  method: "GET",
  path: `/internal/session-replays/${ZERO}`,
  access: ["admin"],
  foreignResource: async (ctx) => ({ path: `/internal/session-replays/${(await foreignReplay(ctx)).replayId}`, creds: ctx.project.admin, code: "ITEM_NOT_FOUND" }),
});
describeSecurity({
  operationId: "listSessionReplayChunks",
  method: "GET",
  path: `/internal/session-replays/${ZERO}/chunks`,
  access: ["admin"],
  foreignResource: async (ctx) => ({ path: `/internal/session-replays/${(await foreignReplay(ctx)).replayId}/chunks`, creds: ctx.project.admin, code: "ITEM_NOT_FOUND" }),
});
describeSecurity({
  operationId: "getSessionReplayChunkEvents",
  method: "GET",
  path: `/internal/session-replays/${ZERO}/chunks/${ZERO}/events`,
  access: ["admin"],
  foreignResource: async (ctx) => {
    const { replayId, chunkId } = await foreignReplay(ctx);
    return { path: `/internal/session-replays/${replayId}/chunks/${chunkId}/events`, creds: ctx.project.admin, code: "ITEM_NOT_FOUND" };
  },
});
describeSecurity({
  operationId: "getSessionReplayEvents",
  method: "GET",
  path: `/internal/session-replays/${ZERO}/events`,
  access: ["admin"],
  foreignResource: async (ctx) => ({ path: `/internal/session-replays/${(await foreignReplay(ctx)).replayId}/events`, creds: ctx.project.admin, code: "ITEM_NOT_FOUND" }),
});
