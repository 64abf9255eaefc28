import { beforeAll, describe, expect, it } from "vitest";
import { SoftAuthenticator } from "../harness";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("passkeys");

describe("passkeys: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  const origin = "http://localhost:5173";

  beforeAll(async () => {
    project = await bootstrapProject(env.api, { passkey_enabled: true });
  });

  it("registers a passkey and signs in with it, every answer as documented", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const asUser = { ...project.client, accessToken: session.accessToken };
    const authenticator = new SoftAuthenticator();

    const started = await env.api.call("POST", "/auth/passkey/initiate-passkey-registration", { creds: asUser, body: {} });
    expectValidThroughProxy(started, 200);
    const credential = authenticator.register(started.json.options_json, { origin });
    const registered = await env.api.call("POST", "/auth/passkey/register", { creds: asUser, body: { credential, code: started.json.code } });
    expectValidThroughProxy(registered, 200);
    expect(registered.json).toEqual({ user_handle: credential.id });

    const options = await env.api.call("POST", "/auth/passkey/initiate-passkey-authentication", { creds: project.client, body: {} });
    expectValidThroughProxy(options, 200);
    const answer = authenticator.authenticate(options.json.options_json, { origin });
    const signedIn = await env.api.call("POST", "/auth/passkey/sign-in", { creds: project.client, body: { authentication_response: answer, code: options.json.code } });
    expectValidThroughProxy(signedIn, 200);
    expect(signedIn.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: session.userId, is_new_user: false });
    expect(decodeJwtPayload(signedIn.json.access_token)).toMatchObject({ sub: session.userId });

    const replayed = await env.api.call("POST", "/auth/passkey/sign-in", { creds: project.client, body: { authentication_response: answer, code: options.json.code } });
    expectKnownErrorThroughProxy(replayed, 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  it("answers the documented refusals for a wrong origin and a project without passkeys", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const asUser = { ...project.client, accessToken: session.accessToken };
    const started = await env.api.call("POST", "/auth/passkey/initiate-passkey-registration", { creds: asUser, body: {} });
    const credential = new SoftAuthenticator().register(started.json.options_json, { origin: "https://attacker.example" });
    const refused = await env.api.call("POST", "/auth/passkey/register", { creds: asUser, body: { credential, code: started.json.code } });
    expectKnownErrorThroughProxy(refused, 400, "PASSKEY_REGISTRATION_FAILED");
    expect(refused.json.details).toEqual({ message: expect.any(String) });

    const without = await bootstrapProject(env.api);
    const off = await env.api.call("POST", "/auth/passkey/initiate-passkey-authentication", { creds: without.client, body: {} });
    expectKnownErrorThroughProxy(off, 400, "PASSKEY_AUTHENTICATION_NOT_ENABLED");
  });
});
