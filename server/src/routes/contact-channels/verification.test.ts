import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { useAppWithMail } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useAppWithMail();
let mail: MailCatcher;
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  ({ t, mail } = app());
  project = await createProjectFixture(t, { config: { allow_localhost: true } });
});

const asUser = <M extends HttpMethod, P extends string>(user: SignedInUser, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) =>
  call<M, P>(t, method, path, { creds: { ...project.client, accessToken: user.accessToken }, body });
const codeIn = (text: string) => /[?&]code=([A-Z0-9]+)/.exec(text)?.[1];
const primaryOf = async (user: SignedInUser) =>
  (await asUser(user, "GET", "/contact-channels?user_id=me")).json.items.find((c: { is_primary: boolean }) => c.is_primary);

describe("contact channel verification", () => {
  it("mails a link with a code that verifies the channel once", async () => {
    const user = await signUpUser(t, project.client);
    const channel = await primaryOf(user);
    const sent = await asUser(user, "POST", `/contact-channels/me/${channel.id}/send-verification-code`, { callback_url: "/handler/email-verification?x=1" });
    expect(sent.json).toEqual({ success: true });
    const message = await mail.waitFor(user.email);
    expect(message.text).toContain("/handler/email-verification?x=1&code=");
    const code = codeIn(message.text)!;

    const check = await call(t, "POST", "/contact-channels/verify/check-code", { creds: project.client, body: { code } });
    expect(check.json).toEqual({ is_code_valid: true });
    const verified = await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } });
    expect(verified.status).toBe(200);
    expect((await asUser(user, "GET", "/users/me")).json.primary_email_verified).toBe(true);
    expect((await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");

    const again = await asUser(user, "POST", `/contact-channels/me/${channel.id}/send-verification-code`, { callback_url: "/verify" });
    expect(again.json.code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("the legacy form finds the channel by its address", async () => {
    const user = await signUpUser(t, project.client);
    const res = await asUser(user, "POST", "/contact-channels/send-verification-code", { email: user.email, callback_url: "http://localhost:3000/verify" });
    expect(res.json).toEqual({ success: true });
    const code = codeIn((await mail.waitFor(user.email)).text)!;
    expect((await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } })).status).toBe(200);
    const unknown = await asUser(user, "POST", "/contact-channels/send-verification-code", { email: uniqueEmail(), callback_url: "/verify" });
    expect(unknown.json.code).toBe("EMAIL_NOT_ASSOCIATED_WITH_USER");
  });

  it("the legacy form verifies the primary address only: another of the user's answers EMAIL_IS_NOT_PRIMARY_EMAIL", async () => {
    const user = await signUpUser(t, project.client);
    const second = uniqueEmail("second");
    const added = await asUser(user, "POST", "/contact-channels", { user_id: "me", type: "email", value: second, used_for_auth: false });
    expect(added.status, added.text).toBe(201);
    const before = mail.messages.length;
    const res = await asUser(user, "POST", "/contact-channels/send-verification-code", { email: second, callback_url: "/verify" });
    expect([res.status, res.json.code, res.json.details]).toEqual([400, "EMAIL_IS_NOT_PRIMARY_EMAIL", { email: second, primary_email: user.email }]);
    expect(mail.messages.length).toBe(before);
  });

  it("refuses an untrusted callback and a wrong code", async () => {
    const user = await signUpUser(t, project.client);
    const channel = await primaryOf(user);
    const res = await asUser(user, "POST", `/contact-channels/me/${channel.id}/send-verification-code`, { callback_url: "https://evil.example/cb" });
    expect(res.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect((await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code: "A".repeat(45) } })).json.code).toBe(
      "VERIFICATION_CODE_NOT_FOUND",
    );
  });

  it("a code for a changed address verifies nothing", async () => {
    const user = await signUpUser(t, project.client);
    const channel = await primaryOf(user);
    await asUser(user, "POST", `/contact-channels/me/${channel.id}/send-verification-code`, { callback_url: "/verify" });
    const code = codeIn((await mail.waitFor(user.email)).text)!;
    await asUser(user, "PATCH", `/contact-channels/me/${channel.id}`, { value: uniqueEmail("moved") });
    const res = await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } });
    expect(res.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await primaryOf(user)).is_verified).toBe(false);
  });

  it("limits how many codes one address gets", async () => {
    const user = await signUpUser(t, project.client);
    const channel = await primaryOf(user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await asUser(user, "POST", `/contact-channels/me/${channel.id}/send-verification-code`, { callback_url: "/verify" })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("password sign-up with a verification callback mails a working code", async () => {
    const email = uniqueEmail("signup");
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: project.client,
      body: { email, password: "correct horse battery", verification_callback_url: "/handler/email-verification" },
    });
    expect(res.status).toBe(200);
    const code = codeIn((await mail.waitFor(email)).text)!;
    expect((await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } })).status).toBe(200);
    const user = await call(t, "GET", `/users/${res.json.user_id}`, { creds: project.server });
    expect(user.json).toMatchObject({ primary_email: email, primary_email_verified: true });
  });
});
