/**
 * Two-factor sign-in through the published SDK (2.8.108 and 2.8.102), unchanged: enrolling
 * with `user.update({ totpMultiFactorSecret })`, then what `signInWithCredential` does with
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED, and `signInWithMfa(totp, attemptCode)`.
 *
 * In a browser the SDK keeps the attempt code in session storage (`hexclave_mfa_attempt_code`
 * in 2.8.108, `stack_mfa_attempt_code` in 2.8.102) and redirects to its mfa handler page. In
 * Node there is neither, so it throws an assertion error instead and stays signed out; an
 * app's own MFA screen then calls `signInWithMfa` with the attempt code it got.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import {
  call,
  createProjectFixture,
  startServer,
  totpCode,
  uniqueEmail,
  wrongTotpCode,
  type ProjectFixture,
  type TestServer,
} from "../harness";
import { randomBytes } from "node:crypto";

const PASSWORD = "correct horse battery";

let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startServer();
  project = await createProjectFixture(server);
});

afterAll(async () => {
  await server?.close();
});

describe.each(STACK_SDKS)("@stackframe/js $version: two-factor sign-in", ({ version, sdk }) => {
  const clientApp = () => new sdk.StackClientApp(sdkAppOptions(server, project));
  const sessionCount = async (userId: string) =>
    (await call(server, "GET", `/auth/sessions?user_id=${userId}`, { creds: project.server })).json.items.length as number;

  it("enrols with user.update({ totpMultiFactorSecret }), is asked for the second factor, and signs in with signInWithMfa", async () => {
    const email = uniqueEmail(`sdk-mfa-${version}`);
    const enrolling = clientApp();
    expect((await enrolling.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true })).status).toBe("ok");
    const user = await enrolling.getUser({ or: "throw" });
    expect(user.isMultiFactorRequired).toBe(false);
    const secret = randomBytes(20);
    await user.update({ totpMultiFactorSecret: secret });
    expect((await enrolling.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);
    const sessionsBefore = await sessionCount(user.id);

    // No window to keep the attempt code in, nor to redirect: the SDK gives up, signed out.
    const app = clientApp();
    await expect(app.signInWithCredential({ email, password: PASSWORD, noRedirect: true })).rejects.toThrow(
      "we should have redirected in redirectToMfa()",
    );
    expect(await app.getUser()).toBeNull();
    expect(await sessionCount(user.id)).toBe(sessionsBefore);

    // The attempt code, as the SDK would have stored it in a browser.
    const asked = await call(server, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: PASSWORD } });
    expect(asked.json.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    const attemptCode: string = asked.json.details.attempt_code;

    const wrong = await app.signInWithMfa(wrongTotpCode(secret), attemptCode, { noRedirect: true });
    expect(wrong.status).toBe("error");
    expect(wrong.status === "error" && wrong.error.errorCode).toBe("INVALID_TOTP_CODE");
    expect(await app.getUser()).toBeNull();

    expect(await app.signInWithMfa(totpCode(secret), attemptCode, { noRedirect: true })).toEqual({ status: "ok", data: undefined });
    const signedIn = await app.getUser({ or: "throw" });
    expect(signedIn.id).toBe(user.id);
    expect(signedIn.isMultiFactorRequired).toBe(true);
    expect(await sessionCount(user.id)).toBe(sessionsBefore + 1);

    // The attempt is spent, which the SDK reports as a verification-code error.
    const again = await clientApp().signInWithMfa(totpCode(secret, Date.now(), 1), attemptCode, { noRedirect: true });
    expect(again.status === "error" && again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("turns the second factor off with user.update({ totpMultiFactorSecret: null })", async () => {
    const email = uniqueEmail(`sdk-mfa-off-${version}`);
    const app = clientApp();
    await app.signUpWithCredential({ email, password: PASSWORD, noRedirect: true, noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    await user.update({ totpMultiFactorSecret: randomBytes(20) });
    await user.update({ totpMultiFactorSecret: null });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(false);
    expect(await clientApp().signInWithCredential({ email, password: PASSWORD, noRedirect: true })).toEqual({ status: "ok", data: undefined });
  });
});
