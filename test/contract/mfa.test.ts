import { beforeAll, describe, expect, it } from "vitest";
import { newTotpSecret, totpCode, wrongTotpCode } from "../harness";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, PASSWORD, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("mfa");

describe("mfa: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const mfaSignIn = (code: string, totp: string) =>
    env.api.call("POST", "/auth/mfa/sign-in", { creds: project.client, body: { type: "totp", totp, code } });

  /** Signs up, enrols TOTP, and signs in with the password: the documented MFA answer and its attempt code. */
  async function enrolledAndAsked() {
    const session = await signUpThroughProxy(env.api, project.client);
    const secret = newTotpSecret();
    const enrolled = await env.api.call("PATCH", "/users/me", {
      creds: { ...project.client, accessToken: session.accessToken },
      body: { totp_secret_base64: secret.base64 },
    });
    expectValidThroughProxy(enrolled, 200);
    expect(enrolled.json.requires_totp_mfa).toBe(true);

    const asked = await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email: session.email, password: PASSWORD } });
    expectKnownErrorThroughProxy(asked, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    expect(asked.json.details).toEqual({ attempt_code: expect.any(String) });
    return { session, secret: secret.bytes, attemptCode: asked.json.details.attempt_code as string };
  }

  it("finishes a password sign-in with the attempt code and a TOTP code", async () => {
    const { session, secret, attemptCode } = await enrolledAndAsked();
    const checked = await env.api.call("POST", "/auth/mfa/sign-in/check-code", { creds: project.client, body: { code: attemptCode } });
    expectValidThroughProxy(checked, 200);
    expect(checked.json).toEqual({ is_code_valid: true });

    const res = await mfaSignIn(attemptCode, totpCode(secret));
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: session.userId, is_new_user: false });
    expect(decodeJwtPayload(res.json.access_token)).toMatchObject({ sub: session.userId, requires_totp_mfa: true });
    expectKnownErrorThroughProxy(await mfaSignIn(attemptCode, totpCode(secret, Date.now(), 1)), 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  it("answers the documented errors for a wrong TOTP code, a dead attempt and an unknown attempt code", async () => {
    const { secret, attemptCode } = await enrolledAndAsked();
    const wrong = wrongTotpCode(secret);
    for (let i = 0; i < 4; i++) expectKnownErrorThroughProxy(await mfaSignIn(attemptCode, wrong), 400, "INVALID_TOTP_CODE");
    expectKnownErrorThroughProxy(await mfaSignIn(attemptCode, wrong), 400, "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expectKnownErrorThroughProxy(await mfaSignIn("A".repeat(45), "123456"), 404, "VERIFICATION_CODE_NOT_FOUND");
  });

  it("has the document and the server agree that other factor types are refused", async () => {
    const body = { type: "sms", totp: "123456", code: "A".repeat(45) };
    expectProxyRefusal(await env.api.callUntyped("POST", "/auth/mfa/sign-in", { creds: project.client, body }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.callUntyped("POST", "/auth/mfa/sign-in", { creds: project.client, body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });
});
