import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import { silentLogger } from "../../logger";
import { createDeps } from "../../services/create-deps";
import { call, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { COUNTRY_MMDB as COUNTRY_DB, GEOLITE2_CITY_MMDB as GEOLITE2_CITY } from "../../testing/geoip-files";
import { createTestApp, TEST_SERVER_SECRET, type TestApp } from "../../testing/test-server";

let t: TestApp;
let project: ProjectFixture;
beforeAll(async () => {
  // Behind a proxy that names the caller (and, on some requests, its country), with a GeoIP database.
  t = await createTestApp({ env: { GEOIP_DATABASE: COUNTRY_DB, TRUST_PROXY: "true", COUNTRY_HEADER: "cf-ipcountry" } });
  project = await createProjectFixture(t);
});
afterAll(async () => {
  await t?.close();
});

type Listed = { id: string; is_current_session: boolean; last_used_at_end_user_ip_info?: { ip: string; countryCode?: string | null; cityName?: string | null } };

/** Signs in from `headers` and answers the new session as the sessions list shows it. */
async function sessionFrom(email: string, headers: Record<string, string>): Promise<Listed> {
  const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "correct horse battery" }, headers });
  expect(signIn.status, signIn.text).toBe(200);
  const list = await call(t, "GET", "/auth/sessions?user_id=me", { creds: { ...project.client, accessToken: signIn.json.access_token } });
  expect(list.status, list.text).toBe(200);
  return (list.json.items as Listed[]).find((session) => session.is_current_session)!;
}

describe("GEOIP_DATABASE: where a session was signed in from", () => {
  it("records the country the database gives a public address, and none for private or loopback ones", async () => {
    const email = uniqueEmail("places");
    const signUp = await call(t, "POST", "/auth/password/sign-up", { creds: project.client, body: { email, password: "correct horse battery" }, headers: { "x-forwarded-for": "133.11.0.1" } });
    expect(signUp.status, signUp.text).toBe(200);

    expect((await sessionFrom(email, { "x-forwarded-for": "80.128.0.1" })).last_used_at_end_user_ip_info).toEqual({ ip: "80.128.0.1", countryCode: "DE" });
    expect((await sessionFrom(email, { "x-forwarded-for": "133.11.0.1, 10.0.0.2" })).last_used_at_end_user_ip_info).toEqual({ ip: "133.11.0.1", countryCode: "JP" });
    expect((await sessionFrom(email, { "x-forwarded-for": "2003::1" })).last_used_at_end_user_ip_info).toEqual({ ip: "2003::1", countryCode: "DE" });
    // The file maps 192.168.0.0/16 to a country; a private address is nobody's place all the same.
    for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.1.1", "::1"]) {
      expect((await sessionFrom(email, { "x-forwarded-for": ip })).last_used_at_end_user_ip_info, ip).toEqual({ ip, countryCode: null });
    }

    // The sign-up itself was placed the same way: the user records the country it came from.
    const user = await call(t, "GET", `/users/${signUp.json.user_id}`, { creds: project.server });
    expect(user.json.country_code).toBe("JP");
  });

  it("takes the proxy's country header over the database", async () => {
    const email = uniqueEmail("header-wins");
    expect((await call(t, "POST", "/auth/password/sign-up", { creds: project.client, body: { email, password: "correct horse battery" } })).status).toBe(200);
    const session = await sessionFrom(email, { "x-forwarded-for": "80.128.0.1", "cf-ipcountry": "PT" });
    expect(session.last_used_at_end_user_ip_info).toEqual({ ip: "80.128.0.1", countryCode: "PT" });
  });

  it("believes no X-Forwarded-For without TRUST_PROXY: the socket's address is placed, and in-process requests have none", async () => {
    const direct = await createTestApp({ env: { GEOIP_DATABASE: COUNTRY_DB } });
    try {
      const fixture = await createProjectFixture(direct);
      const signIn = await call(direct, "POST", "/auth/password/sign-in", {
        creds: fixture.client,
        body: { email: fixture.user.email, password: fixture.user.password },
        headers: { "x-forwarded-for": "80.128.0.1" },
      });
      expect(signIn.status, signIn.text).toBe(200);
      const list = await call(direct, "GET", "/auth/sessions?user_id=me", { creds: { ...fixture.client, accessToken: signIn.json.access_token } });
      const current = (list.json.items as Listed[]).find((session) => session.is_current_session)!;
      expect(current.last_used_at_end_user_ip_info).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe("GEOIP_DATABASE: start-up", () => {
  it("stops the start with a message naming the setting when the file cannot be read", () => {
    const settings = loadConfig({ NODE_ENV: "test", GEOIP_DATABASE: "/nonexistent/GeoLite2-Country.mmdb" });
    expect(() => createDeps(t.db, settings, TEST_SERVER_SECRET, silentLogger)).toThrow(/^GEOIP_DATABASE: cannot read \/nonexistent\/GeoLite2-Country\.mmdb: ENOENT/);
  });
});

// Runs when GATEHOUSE_TEST_GEOLITE2_CITY names a GeoLite2-City.mmdb (testing/geoip-files.ts).
describe.skipIf(!GEOLITE2_CITY)("GEOIP_DATABASE: a GeoLite2 City file", () => {
  it("answers the session's city as Stack's cityName, beside its country", async () => {
    const cities = await createTestApp({ env: { GEOIP_DATABASE: GEOLITE2_CITY!, TRUST_PROXY: "true", COUNTRY_HEADER: "cf-ipcountry" } });
    try {
      const fixture = await createProjectFixture(cities);
      const listFrom = async (headers: Record<string, string>) => {
        const signIn = await call(cities, "POST", "/auth/password/sign-in", { creds: fixture.client, body: { email: fixture.user.email, password: fixture.user.password }, headers });
        expect(signIn.status, signIn.text).toBe(200);
        const list = await call(cities, "GET", "/auth/sessions?user_id=me", { creds: { ...fixture.client, accessToken: signIn.json.access_token } });
        return (list.json.items as Listed[]).find((session) => session.is_current_session)!.last_used_at_end_user_ip_info;
      };
      const tokyo = await listFrom({ "x-forwarded-for": "133.11.0.1" });
      expect(tokyo).toMatchObject({ ip: "133.11.0.1", countryCode: "JP", cityName: expect.any(String) });
      // A proxy naming another country keeps the country and drops the database's city.
      expect(await listFrom({ "x-forwarded-for": "133.11.0.1", "cf-ipcountry": "PT" })).toEqual({ ip: "133.11.0.1", countryCode: "PT" });
    } finally {
      await cities.close();
    }
  });
});
