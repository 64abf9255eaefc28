import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, WITHOUT_STARTER_GRANTS, type ProjectFixture } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { useAppWithMail } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useAppWithMail();
let t: TestApp;
let mail: MailCatcher;
let project: ProjectFixture;

beforeAll(async () => {
  ({ t, mail } = app());
  project = await createProjectFixture(t, { config: { allow_user_api_keys: true, allow_team_api_keys: true, ...WITHOUT_STARTER_GRANTS } });
});

const revoke = (apiKey: unknown) => callUntyped(t, "POST", "/integrations/credential-scanning/revoke", { body: { api_key: apiKey } });
const createKey = async (isPublic: boolean, description = "leaked", expiresAtMillis: number | null = null) => {
  const user = await signUpUser(t, project.client);
  const res = await call(t, "POST", "/user-api-keys", {
    creds: project.server,
    body: { description, expires_at_millis: expiresAtMillis, user_id: user.userId, is_public: isPublic },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.value as string;
};
const noticesTo = (email: string, description: string) => mail.messages.filter((m) => m.to.includes(email) && m.subject === `API Key Revoked: ${description}`);
const check = (apiKey: string) => call(t, "POST", "/user-api-keys/check", { creds: project.server, body: { api_key: apiKey } });

describe("POST /integrations/credential-scanning/revoke", () => {
  it("revokes a leaked secret key with no authentication but the key itself", async () => {
    const value = await createKey(false);
    expect((await check(value)).status).toBe(200);
    const res = await revoke(value);
    expect([res.status, res.json]).toEqual([200, { success: true }]);
    expect((await check(value)).json.code).toBe("API_KEY_REVOKED");
    expect((await revoke(value)).status).toBe(200);
  });

  it("answers PUBLIC_API_KEY_CANNOT_BE_REVOKED for a public key, which stays valid", async () => {
    const value = await createKey(true);
    const res = await revoke(value);
    expect([res.status, res.json.code]).toEqual([400, "PUBLIC_API_KEY_CANNOT_BE_REVOKED"]);
    expect((await check(value)).status).toBe(200);
  });

  it("answers API_KEY_NOT_FOUND for an unknown, altered or malformed key, and SCHEMA_ERROR for a bad body", async () => {
    const value = await createKey(false);
    const altered = `${value.slice(0, 3)}${value[3] === "a" ? "b" : "a"}${value.slice(4)}`;
    for (const candidate of [altered, "sk_not_a_key", ""]) expect((await revoke(candidate)).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await check(value)).status).toBe(200);
    expect((await revoke(42)).json.code).toBe("SCHEMA_ERROR");
  });

  it("answers API_KEY_EXPIRED for an expired key, which stays as it was", async () => {
    const value = await createKey(false, "expired one", Date.now() + 300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const res = await revoke(value);
    expect([res.status, res.json.code]).toEqual([401, "API_KEY_EXPIRED"]);
    expect((await check(value)).json.code).toBe("API_KEY_EXPIRED");
  });
});

describe("POST /integrations/credential-scanning/revoke: who is told", () => {
  it("mails the user of a user key once, from the key's project, however often and however fast the key is reported", async () => {
    const user = await signUpUser(t, project.client);
    const description = `Deploy <key> & more ${crypto.randomUUID()}`;
    const created = await call(t, "POST", "/user-api-keys", {
      creds: project.server,
      body: { description, expires_at_millis: null, user_id: user.userId },
    });
    const value = created.json.value as string;
    const answers = await Promise.all([revoke(value), revoke(value), revoke(value)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const notice = await mail.waitFor(user.email, (m) => m.subject === `API Key Revoked: ${description}`);
    expect(notice.text).toContain(description);
    expect(notice.text).toContain("Fixture project");
    expect(notice.html).toContain("Deploy &lt;key&gt; &amp; more");
    expect((await revoke(value)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesTo(user.email, description)).toHaveLength(1);
    // The outbox of the key's project records it, addressed to that user.
    const outbox = await call(t, "GET", "/emails/outbox", { creds: project.server });
    expect(outbox.json.items.filter((e: { subject: string }) => e.subject === `API Key Revoked: ${description}`)).toHaveLength(1);
  });

  it("mails the members of a team key's team who may manage its keys, and no other member", async () => {
    const [manager, viaRole, bystander] = [await signUpUser(t, project.client), await signUpUser(t, project.client), await signUpUser(t, project.client)];
    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Leaky team", creator_user_id: manager.userId } });
    const teamId = team.json.id as string;
    for (const member of [viaRole, bystander]) expect((await call(t, "POST", `/team-memberships/${teamId}/${member.userId}`, { creds: project.server, body: {} })).status).toBe(201);
    const role = `key_keeper_${crypto.randomUUID().slice(0, 8)}`;
    expect((await call(t, "POST", "/team-permission-definitions", { creds: project.admin, body: { id: role, contained_permission_ids: ["$manage_api_keys"] } })).status).toBe(201);
    expect((await call(t, "POST", `/team-permissions/${teamId}/${manager.userId}/$manage_api_keys`, { creds: project.server, body: {} })).status).toBe(201);
    expect((await call(t, "POST", `/team-permissions/${teamId}/${viaRole.userId}/${role}`, { creds: project.server, body: {} })).status).toBe(201);
    const description = `Team key ${crypto.randomUUID()}`;
    const created = await call(t, "POST", "/team-api-keys", { creds: project.server, body: { description, expires_at_millis: null, team_id: teamId } });
    expect((await revoke(created.json.value)).status).toBe(200);
    await mail.waitFor(manager.email, (m) => m.subject === `API Key Revoked: ${description}`);
    await mail.waitFor(viaRole.email, (m) => m.subject === `API Key Revoked: ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesTo(bystander.email, description)).toHaveLength(0);
  });
});

