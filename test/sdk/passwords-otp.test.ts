/**
 * Passwords and one-time-code sign-in through the published SDK, unchanged, at 2.8.108 and
 * 2.8.102: changing a password, resetting it through the e-mailed link's code, and signing
 * in through the e-mailed magic link's code. Mail goes to a real SMTP server in process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import {
  call,
  createProjectFixture,
  startMailCatcher,
  startServer,
  uniqueEmail,
  type MailCatcher,
  type ProjectFixture,
  type TestServer,
} from "../harness";


const PASSWORD = "correct horse battery";

let mail: MailCatcher;
let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: mail.env });
  project = await createProjectFixture(server, { config: { magic_link_enabled: true } });
});

afterAll(async () => {
  await server?.close();
  await mail?.close();
});

/** The `code` query parameter of the first link in the newest message to `email` whose subject matches. */
async function codeFromMail(email: string, subject: RegExp, after: number): Promise<string> {
  const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= after && subject.test(m.subject));
  const link = /(https?:\/\/\S+)/.exec(message.text)![1]!;
  return new URL(link).searchParams.get("code")!;
}

describe.each(STACK_SDKS)("@stackframe/js $version: passwords and one-time codes", ({ version, sdk }) => {
  const clientApp = () =>
    new sdk.StackClientApp(sdkAppOptions(server, project));

  async function signedUp(app: ReturnType<typeof clientApp>) {
    const email = uniqueEmail(`sdk-pw-${version}`);
    const result = await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    expect(result.status).toBe("ok");
    return email;
  }

  it("changes the password with user.updatePassword and reports a wrong old password as PASSWORD_CONFIRMATION_MISMATCH", async () => {
    const app = clientApp();
    const email = await signedUp(app);
    const user = await app.getUser({ or: "throw" });

    const wrong = await user.updatePassword({ oldPassword: "not the password", newPassword: "a new password" });
    expect(wrong?.errorCode).toBe("PASSWORD_CONFIRMATION_MISMATCH");

    expect(await user.updatePassword({ oldPassword: PASSWORD, newPassword: "a new password" })).toBeUndefined();
    // The session that made the change stays signed in.
    expect((await app.getUser({ or: "throw" })).id).toBe(user.id);

    const fresh = clientApp();
    expect((await fresh.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).status).toBe("error");
    expect(await fresh.signInWithCredential({ email, password: "a new password", noRedirect: true })).toEqual({ status: "ok", data: undefined });
  });

  it("resets a forgotten password with the code from the e-mailed link", async () => {
    const email = await signedUp(clientApp());
    const app = clientApp();
    const before = mail.messages.length;
    const sent = await app.sendForgotPasswordEmail(email, { callbackUrl: "http://localhost:3000/handler/password-reset" });
    expect(sent.status).toBe("ok");
    const code = await codeFromMail(email, /Reset your password/, before);

    expect(await app.verifyPasswordResetCode(code)).toEqual({ status: "ok", data: undefined });
    expect(await app.resetPassword({ code, password: "reset by mail" })).toEqual({ status: "ok", data: undefined });
    const again = await app.resetPassword({ code, password: "reset by mail 2" });
    expect(again.status).toBe("error");
    if (again.status === "error") expect(again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");

    expect(await app.signInWithCredential({ email, password: "reset by mail", noRedirect: true })).toEqual({ status: "ok", data: undefined });
  });

  it("signs up, then signs in, with the code from the e-mailed magic link", async () => {
    const email = uniqueEmail(`sdk-otp-${version}`);
    const app = clientApp();
    let before = mail.messages.length;
    const sent = await app.sendMagicLinkEmail(email, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" });
    expect(sent.status).toBe("ok");
    if (sent.status === "ok") expect(sent.data.nonce).toEqual(expect.any(String));
    const code = await codeFromMail(email, /sign-in code/, before);

    expect(await app.signInWithMagicLink(code, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.hasPassword).toBe(false);

    const other = clientApp();
    before = mail.messages.length;
    const resent = await other.sendMagicLinkEmail(email, { callbackUrl: "/handler/magic-link-callback" });
    expect(resent.status).toBe("ok");
    const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= before);
    const otp = /Your sign-in code is ([A-Z0-9]{6})\./.exec(message.text)![1]!;
    // The OTP flow: the person types the six characters, the client appends the nonce it kept.
    const nonce = resent.status === "ok" ? resent.data.nonce : "";
    expect(await other.signInWithMagicLink(otp + nonce, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
    expect((await other.getUser({ or: "throw" })).id).toBe(user.id);
  });

  it("upgrades an anonymous user in place with the magic link's code", async () => {
    const app = clientApp();
    const anon = await app.getUser({ or: "anonymous" });
    expect(anon.isAnonymous).toBe(true);
    await anon.update({ clientMetadata: { cart: version } });

    const email = uniqueEmail(`sdk-otp-anon-${version}`);
    const before = mail.messages.length;
    expect((await app.sendMagicLinkEmail(email, { callbackUrl: "/handler/magic-link-callback" })).status).toBe("ok");
    const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= before);
    const code = new URL(/Sign in: (\S+)/.exec(message.text)![1]!, "http://relative.invalid").searchParams.get("code")!;

    expect(await app.signInWithMagicLink(code, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
    const upgraded = await app.getUser({ or: "throw" });
    expect(upgraded.id).toBe(anon.id);
    expect(upgraded.isAnonymous).toBe(false);
    expect(upgraded.primaryEmail).toBe(email);
    expect(upgraded.primaryEmailVerified).toBe(true);
    expect(upgraded.clientMetadata).toEqual({ cart: version });
  });

  it("reports a used magic link as the typed VERIFICATION_CODE_ALREADY_USED error", async () => {
    const email = uniqueEmail(`sdk-otp-used-${version}`);
    const before = mail.messages.length;
    await clientApp().sendMagicLinkEmail(email, { callbackUrl: "http://localhost:3000/handler/magic-link-callback" });
    const code = await codeFromMail(email, /sign-in code/, before);
    expect((await clientApp().signInWithMagicLink(code, { noRedirect: true })).status).toBe("ok");
    const again = await clientApp().signInWithMagicLink(code, { noRedirect: true });
    expect(again.status).toBe("error");
    if (again.status === "error") expect(again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");
    // The server agrees.
    const direct = await call(server, "POST", "/auth/otp/sign-in/check-code", { creds: project.client, body: { code } });
    expect(direct.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });
});
