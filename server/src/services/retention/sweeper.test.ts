import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../crypto/random";
import { callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { sweepOnce } from "./sweeper";

let t: TestApp;
let project: ProjectFixture;
const RETENTION_SECONDS = 7 * 86_400;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  project = await createProjectFixture(t);
});
afterAll(() => t?.close());

const sweep = () => sweepOnce(t.deps, { retentionSeconds: RETENTION_SECONDS, batch: 50 });
const exists = async (sql: string, params: unknown[]) => (await t.db.query(sql, params)).length > 0;

describe("the retention sweeper", () => {
  it("deletes what is stale on each table and keeps everything at the other side of the boundary", async () => {
    const tenant = [project.projectId, "main"];
    const user = await signUpUser(t, project.client);
    const rows: Array<{ what: string; stale: boolean; present: () => Promise<boolean> }> = [];
    const add = (what: string, stale: boolean, present: () => Promise<boolean>) => rows.push({ what, stale, present });

    // Rate-limit windows: ended a second ago / ending in a minute.
    for (const [suffix, end, stale] of [["ended", "now() - interval '1 second'", true], ["open", "now() + interval '1 minute'", false]] as const) {
      const key = `${project.projectId}:main:boundary:${suffix}`;
      await t.db.query(`INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES ($1, now() - interval '1 hour', 3, ${end})`, [key]);
      add(`rate limit ${suffix}`, stale, () => exists("SELECT 1 FROM rate_limits WHERE key = $1", [key]));
    }

    // Sessions: expired a second ago / expiring in a minute / never expiring.
    for (const [label, expiresAt, stale] of [["expired", "now() - interval '1 second'", true], ["live", "now() + interval '1 minute'", false], ["unending", "NULL", false]] as const) {
      const id = newId();
      await t.db.query(`INSERT INTO sessions (project_id, branch_id, id, user_id, refresh_token_hash, expires_at) VALUES ($1, $2, $3, $4, $5, ${expiresAt})`, [...tenant, id, user.userId, `hash-${id}`]);
      add(`session ${label}`, stale, () => exists("SELECT 1 FROM sessions WHERE id = $1", [id]));
    }

    // Revocations: kept two days.
    for (const [label, age, stale] of [["old", "interval '2 days 1 minute'", true], ["recent", "interval '2 days' - interval '1 minute'", false]] as const) {
      const sessionId = newId();
      await t.db.query(`INSERT INTO revoked_sessions (project_id, session_id, revoked_at) VALUES ($1, $2, now() - (${age}))`, [project.projectId, sessionId]);
      add(`revocation ${label}`, stale, () => exists("SELECT 1 FROM revoked_sessions WHERE session_id = $1", [sessionId]));
    }

    // Codes: kept a day after use or expiry; live ones always.
    for (const [label, usedAt, expiresAt, stale] of [
      ["used over a day ago", "now() - interval '1 day 1 minute'", "now() + interval '1 hour'", true],
      ["used just under a day ago", "now() - interval '1 day' + interval '1 minute'", "now() + interval '1 hour'", false],
      ["expired over a day ago", "NULL", "now() - interval '1 day 1 minute'", true],
      ["expired a minute ago", "NULL", "now() - interval '1 minute'", false],
      ["live", "NULL", "now() + interval '1 hour'", false],
    ] as const) {
      const id = newId();
      await t.db.query(
        `INSERT INTO verification_codes (project_id, branch_id, id, purpose, nonce_hash, code_hash, expires_at, used_at)
         VALUES ($1, $2, $3, 'email_verification', $4, $4, ${expiresAt}, ${usedAt})`,
        [...tenant, id, `nonce-${id}`],
      );
      add(`code ${label}`, stale, () => exists("SELECT 1 FROM verification_codes WHERE id = $1", [id]));
    }

    // Outbox and delivery log: kept RETENTION_SECONDS; waiting rows always.
    const age = (seconds: number) => `now() - make_interval(secs => ${seconds})`;
    for (const [label, status, createdAt, stale] of [
      ["sent past retention", "sent", age(RETENTION_SECONDS + 60), true],
      ["sent within retention", "sent", age(RETENTION_SECONDS - 60), false],
      ["queued past retention", "queued", age(RETENTION_SECONDS + 60), false],
    ] as const) {
      const id = newId();
      await t.db.query(
        `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, purpose, status, created_at)
         VALUES ($1, $2, $3, 'a@example.com', 's', 't', 'test', '${status}', ${createdAt})`,
        [...tenant, id],
      );
      add(`outbox ${label}`, stale, () => exists("SELECT 1 FROM email_outbox WHERE id = $1", [id]));
    }
    for (const [label, status, finishedAt, stale] of [
      ["delivered past retention", "delivered", age(RETENTION_SECONDS + 60), true],
      ["failed within retention", "failed", age(RETENTION_SECONDS - 60), false],
      ["pending for long", "pending", "NULL", false],
    ] as const) {
      const id = newId();
      await t.db.query(
        `INSERT INTO webhook_deliveries (project_id, branch_id, id, message_id, endpoint_id, event_type, body, status, created_at, finished_at)
         VALUES ($1, $2, $3, 'msg_x', 'e', 'user.created', '{}', '${status}', ${age(RETENTION_SECONDS + 3600)}, ${finishedAt})`,
        [...tenant, id],
      );
      add(`delivery ${label}`, stale, () => exists("SELECT 1 FROM webhook_deliveries WHERE id = $1", [id]));
    }

    // Activity days: the metrics read 30 days back.
    for (const [days, stale] of [[36, true], [30, false]] as const) {
      await t.db.query(`INSERT INTO user_activity_days (project_id, branch_id, day, user_id, is_anonymous) VALUES ($1, $2, current_date - ${days}, $3, false)`, [...tenant, user.userId]);
      add(`activity ${days} days ago`, stale, () => exists(`SELECT 1 FROM user_activity_days WHERE user_id = $1 AND day = current_date - ${days}`, [user.userId]));
    }

    // Checkout codes: kept a day past expiry. Stripe event ids: kept 35 days.
    for (const [label, expiresAt, stale] of [["expired over a day ago", "now() - interval '1 day 1 minute'", true], ["expired a minute ago", "now() - interval '1 minute'", false]] as const) {
      const hash = `purchase-${newId()}`;
      await t.db.query(
        `INSERT INTO purchase_codes (code_hash, project_id, branch_id, customer_type, customer_id, product, expires_at) VALUES ($1, $2, $3, 'custom', 'c', '{}', ${expiresAt})`,
        [hash, ...tenant],
      );
      add(`purchase code ${label}`, stale, () => exists("SELECT 1 FROM purchase_codes WHERE code_hash = $1", [hash]));
    }
    // Webhook portal tokens: gone once expired.
    for (const [label, expiresAt, stale] of [["expired", "now() - interval '1 minute'", true], ["live", "now() + interval '1 hour'", false]] as const) {
      const hash = `portal-${newId()}`;
      await t.db.query(`INSERT INTO webhook_portal_tokens (token_hash, project_id, branch_id, expires_at) VALUES ($1, $2, $3, ${expiresAt})`, [hash, ...tenant]);
      add(`webhook portal token ${label}`, stale, () => exists("SELECT 1 FROM webhook_portal_tokens WHERE token_hash = $1", [hash]));
    }
    // The OAuth server's records (codes, tokens, grants...): gone once expired.
    for (const [label, expiresAt, stale] of [["expired", "now() - interval '1 minute'", true], ["live", "now() + interval '1 hour'", false]] as const) {
      const hash = `oauth-${newId()}`;
      await t.db.query(`INSERT INTO oauth_server_records (project_id, model, id_hash, payload, expires_at) VALUES ($1, 'AccessToken', $2, '{}', ${expiresAt})`, [tenant[0], hash]);
      add(`OAuth server record ${label}`, stale, () => exists("SELECT 1 FROM oauth_server_records WHERE id_hash = $1", [hash]));
    }
    for (const [label, days, stale] of [["36 days old", 36, true], ["34 days old", 34, false]] as const) {
      const eventId = `evt_${newId()}`;
      await t.db.query(`INSERT INTO stripe_webhook_events (event_id, event_type, received_at) VALUES ($1, 'x', now() - interval '${days} days')`, [eventId]);
      add(`Stripe event ${label}`, stale, () => exists("SELECT 1 FROM stripe_webhook_events WHERE event_id = $1", [eventId]));
    }

    // Session replays: kept RETENTION_SECONDS after their last batch, chunks with them. The stale
    // one has more chunks than a sweep batch, which go a batch at a time before the replay.
    for (const [label, updatedAt, chunks, stale] of [
      ["idle past retention", age(RETENTION_SECONDS + 60), 120, true],
      ["idle within retention", age(RETENTION_SECONDS - 60), 3, false],
    ] as const) {
      const replayId = newId();
      await t.db.query(
        `INSERT INTO session_replays (project_id, branch_id, id, user_id, session_id, started_at, last_event_at, chunk_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, now(), now(), ${chunks}, ${updatedAt}, ${updatedAt})`,
        [...tenant, replayId, user.userId, newId()],
      );
      await t.db.query(
        `INSERT INTO session_replay_chunks (project_id, branch_id, id, replay_id, user_id, batch_id, segment_id, browser_session_id, event_count, byte_length, first_event_at, last_event_at, events_gzip, created_at)
         SELECT $1, $2, gen_random_uuid(), $3, $4, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 1, 1, now(), now(), '\\x00'::bytea, ${updatedAt}
         FROM generate_series(1, ${chunks})`,
        [...tenant, replayId, user.userId],
      );
      add(`session replay ${label}`, stale, () => exists("SELECT 1 FROM session_replays WHERE id = $1", [replayId]));
      add(`chunks of the session replay ${label}`, stale, () => exists("SELECT 1 FROM session_replay_chunks WHERE replay_id = $1", [replayId]));
    }
    // Feedback to the operators: kept RETENTION_SECONDS, as finished mail.
    for (const [label, createdAt, stale] of [["past retention", age(RETENTION_SECONDS + 60), true], ["within retention", age(RETENTION_SECONDS - 60), false]] as const) {
      const id = newId();
      await t.db.query(`INSERT INTO internal_feedback (id, email, message, created_at) VALUES ($1, 'a@example.com', 'm', ${createdAt})`, [id]);
      add(`feedback ${label}`, stale, () => exists("SELECT 1 FROM internal_feedback WHERE id = $1", [id]));
    }

    const counts = await sweep();
    for (const row of rows) expect(await row.present(), row.what).toBe(!row.stale);
    // The chunks went in their own batches (50 here), not in the replay's cascade.
    expect(counts.session_replay_chunks).toBe(120);
    expect(counts.session_replays).toBe(1);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.verification_codes).toBeGreaterThanOrEqual(2);
    // The user's own sign-up session (no expiry) and its refresh still work.
    const refreshed = await callUntyped(t, "GET", "/users/me", { creds: { ...project.client, accessToken: user.accessToken } });
    expect(refreshed.status).toBe(200);
  });

  it("brings the rate-limit table back to its floor after a sign-in flood from many addresses", async () => {
    const flooded = await createProjectFixture(t, {
      config: { rate_limits: { sign_in_per_ip: { window_seconds: 1 }, sign_in_per_email_and_ip: { window_seconds: 1 }, sign_in_per_email: { window_seconds: 1 } } },
    });
    const countRows = async () => Number((await t.db.query<{ n: string }>("SELECT count(*) AS n FROM rate_limits WHERE key LIKE $1", [`${flooded.projectId}:%`]))[0]!.n);
    const floor = await countRows();
    const ADDRESSES = 100;
    for (let wave = 0; wave < ADDRESSES; wave += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          callUntyped(t, "POST", "/auth/password/sign-in", {
            creds: flooded.client,
            headers: { "x-forwarded-for": `198.51.${(wave + i) >> 8}.${(wave + i) & 255}` },
            body: { email: `flood-${wave + i}@example.com`, password: "not the password" },
          }),
        ),
      );
    }
    const peak = await countRows();
    // Three windows per attempt: the address, the address and e-mail, the e-mail.
    expect(peak).toBe(floor + ADDRESSES * 3);
    // Once the windows have ended, everything the flood wrote is stale (open windows stay: see above).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await sweep();
    expect(await countRows()).toBe(floor);
  });
});
