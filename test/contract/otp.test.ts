import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectPlainRefusalThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("otp");

describe("otp: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer({ withMail: true });
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api, { magic_link_enabled: true });
  });

  const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
  const send = (email: string, creds = project.client) =>
    env.api.call("POST", "/auth/otp/send-sign-in-code", { creds, body: { email, callback_url: CALLBACK } });
  const signIn = (code: string, creds = project.client) => env.api.call("POST", "/auth/otp/sign-in", { creds, body: { code } });
  const check = (code: string) => env.api.call("POST", "/auth/otp/sign-in/check-code", { creds: project.client, body: { code } });

  async function mailed(email: string) {
    const before = env.mail.messages.length;
    const res = await send(email);
    expectValidThroughProxy(res, 200);
    const message = await env.mail.waitFor(email, (m) => env.mail.messages.indexOf(m) >= before);
    const otp = /Your sign-in code is ([A-Z0-9]{6})\./.exec(message.text)![1]!;
    return { nonce: res.json.nonce as string, otp };
  }

  it("signs an unknown address up from the mailed OTP and the nonce, with the address verified", async () => {
    const email = uniqueEmail("contract-otp");
    const { nonce, otp } = await mailed(email);
    const checked = await check(otp + nonce);
    expectValidThroughProxy(checked, 200);
    expect(checked.json).toEqual({ is_code_valid: true });

    const res = await signIn(otp + nonce);
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String), is_new_user: true });
    expect(decodeJwtPayload(res.json.access_token)).toMatchObject({ sub: res.json.user_id, email, email_verified: true });

    expectKnownErrorThroughProxy(await signIn(otp + nonce), 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  it("signs an existing user in with is_new_user false", async () => {
    const existing = await signUpThroughProxy(env.api, project.client);
    // A code signs in only an account whose address is verified (services/auth/otp.ts).
    const verified = await env.api.call("PATCH", `/users/${existing.userId}`, { creds: project.server, body: { primary_email_verified: true } });
    expectValidThroughProxy(verified, 200);
    const { nonce, otp } = await mailed(existing.email);
    const res = await signIn(otp + nonce);
    expectValidThroughProxy(res, 200);
    expect(res.json).toMatchObject({ user_id: existing.userId, is_new_user: false });
  });

  it("answers an unknown code with the documented 404 VERIFICATION_CODE_NOT_FOUND", async () => {
    expectKnownErrorThroughProxy(await signIn("A".repeat(45)), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnownErrorThroughProxy(await check("A".repeat(45)), 404, "VERIFICATION_CODE_NOT_FOUND");
  });

  it("answers an untrusted callback URL with 400 REDIRECT_URL_NOT_WHITELISTED", async () => {
    const res = await env.api.call("POST", "/auth/otp/send-sign-in-code", {
      creds: project.client,
      body: { email: uniqueEmail(), callback_url: "https://evil.example/cb" },
    });
    expectKnownErrorThroughProxy(res, 400, "REDIRECT_URL_NOT_WHITELISTED");
  });

  it("answers a bare 403 on a project with magic_link_enabled off, as Stack Auth does", async () => {
    const off = await bootstrapProject(env.api);
    expectPlainRefusalThroughProxy(await send(uniqueEmail(), off.client), 403);
  });

  it("has the document and the server agree that unknown body keys are refused", async () => {
    const body = { code: "A".repeat(45), extra: true };
    expectProxyRefusal(await env.api.call("POST", "/auth/otp/sign-in", { creds: project.client, body }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.call("POST", "/auth/otp/sign-in", { creds: project.client, body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });
});
