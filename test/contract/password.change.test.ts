/**
 * Setting, changing and resetting passwords (area password; its mock checks run in
 * password.test.ts): the real server behind the validating proxy, with mail caught.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { expectKnownErrorThroughProxy, expectPlainRefusalThroughProxy, expectValidThroughProxy } from "../support/http";
import { bootstrapProject, PASSWORD, refreshThroughProxy, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describe("password.change (set, update, reset): the real server behind prism proxy --errors", () => {
  const env = useProxiedServer({ withMail: true });
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const as = (accessToken: string) => ({ ...project.client, accessToken });
  const signIn = (email: string, password: string) =>
    env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email, password } });

  it("changes a password, keeping the current session and ending the others", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const other = await signIn(session.email, PASSWORD);
    expectValidThroughProxy(other, 200);

    const res = await env.api.call("POST", "/auth/password/update", {
      creds: as(session.accessToken),
      body: { old_password: PASSWORD, new_password: "changed password" },
    });
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ success: true });

    expectValidThroughProxy(await refreshThroughProxy(env.api, project.projectId, session.refreshToken, project.keys.publishableKey), 200);
    const revoked = await refreshThroughProxy(env.api, project.projectId, other.json.refresh_token, project.keys.publishableKey);
    expectKnownErrorThroughProxy(revoked, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expectValidThroughProxy(await signIn(session.email, "changed password"), 200);
  });

  it("answers a wrong old password with 400 PASSWORD_CONFIRMATION_MISMATCH, and /set for a user with a password with a bare 400", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const wrong = await env.api.call("POST", "/auth/password/update", {
      creds: as(session.accessToken),
      body: { old_password: "not the password", new_password: "changed password" },
    });
    expectKnownErrorThroughProxy(wrong, 400, "PASSWORD_CONFIRMATION_MISMATCH");
    const set = await env.api.call("POST", "/auth/password/set", { creds: as(session.accessToken), body: { password: "another one" } });
    expectPlainRefusalThroughProxy(set, 400);
  });

  it("answers /update without a session with SCHEMA_ERROR, as Stack Auth validates it", async () => {
    const res = await env.api.call("POST", "/auth/password/update", {
      creds: project.client,
      body: { old_password: PASSWORD, new_password: "changed password" },
    });
    expectKnownErrorThroughProxy(res, 400, "SCHEMA_ERROR");
  });

  it("resets a password through the mailed link's code, ending every session", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const before = env.mail.messages.length;
    const sent = await env.api.call("POST", "/auth/password/send-reset-code", {
      creds: project.client,
      body: { email: session.email, callback_url: "http://localhost:3000/handler/password-reset" },
    });
    expectValidThroughProxy(sent, 200);
    expect(sent.json).toEqual({ success: "maybe, only if user with e-mail exists" });
    const message = await env.mail.waitFor(session.email, (m) => env.mail.messages.indexOf(m) >= before);
    const code = new URL(/(https?:\/\/\S+)/.exec(message.text)![1]!).searchParams.get("code")!;

    const checked = await env.api.call("POST", "/auth/password/reset/check-code", { creds: project.client, body: { code } });
    expectValidThroughProxy(checked, 200);
    expect(checked.json).toEqual({ is_code_valid: true });

    const reset = await env.api.call("POST", "/auth/password/reset", { creds: project.client, body: { code, password: "reset password" } });
    expectValidThroughProxy(reset, 200);
    expect(reset.json).toEqual({ success: true });
    expectKnownErrorThroughProxy(
      await refreshThroughProxy(env.api, project.projectId, session.refreshToken, project.keys.publishableKey),
      401,
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
    );
    expectValidThroughProxy(await signIn(session.email, "reset password"), 200);

    const again = await env.api.call("POST", "/auth/password/reset", { creds: project.client, body: { code, password: "reset password" } });
    expectKnownErrorThroughProxy(again, 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  it("answers an unknown address exactly like a known one", async () => {
    const res = await env.api.call("POST", "/auth/password/send-reset-code", {
      creds: project.client,
      body: { email: uniqueEmail("nobody"), callback_url: "/handler/password-reset" },
    });
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ success: "maybe, only if user with e-mail exists" });
  });

  it("answers a too short new password with 400 PASSWORD_TOO_SHORT and its details", async () => {
    const res = await env.api.call("POST", "/auth/password/reset", { creds: project.client, body: { code: "A".repeat(45), password: "short" } });
    expectKnownErrorThroughProxy(res, 400, "PASSWORD_TOO_SHORT");
    expect(res.json.details).toEqual({ min_length: 8 });
  });
});
