import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, uniqueEmail } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-server";

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy that names the caller and its country, as a deployment would be.
  t = await createTestApp({ env: { COUNTRY_HEADER: "cf-ipcountry", TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await t?.close();
});

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("GET /auth/sessions: which device, from where", () => {
  it("answers each session's user agent and the country its sign-in came from", async () => {
    const project = await createProjectFixture(t);
    const email = uniqueEmail("devices");
    const password = "correct horse battery";
    expect((await call(t, "POST", "/auth/password/sign-up", { creds: project.client, body: { email, password } })).status).toBe(200);
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password }, headers: { "user-agent": IPHONE, "cf-ipcountry": "PT", "x-forwarded-for": "203.0.113.7" } });
    expect(signIn.status, signIn.text).toBe(200);
    const bare = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password }, headers: { "user-agent": "" } });

    const list = await call(t, "GET", "/auth/sessions?user_id=me", { creds: { ...project.client, accessToken: signIn.json.access_token } });
    expect(list.status, list.text).toBe(200);
    type Listed = { id: string; is_current_session: boolean; user_agent: string | null; last_used_at_end_user_ip_info?: { countryCode?: string | null } };
    const items = list.json.items as Listed[];
    const phone = items.find((session) => session.is_current_session)!;
    expect(phone.user_agent).toBe(IPHONE);
    expect(phone.last_used_at_end_user_ip_info).toEqual({ ip: "203.0.113.7", countryCode: "PT" });
    const other = items.find((session) => session.id !== phone.id && session.user_agent !== IPHONE && session.last_used_at_end_user_ip_info?.countryCode == null);
    expect(other).toBeDefined();
    expect(bare.status).toBe(200);
  });
});
