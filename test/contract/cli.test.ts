import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, refreshThroughProxy, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("cli");

describe("cli: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const poll = (polling_code: string) => env.api.call("POST", "/auth/cli/poll", { creds: project.client, body: { polling_code } });

  it("starts, waits, confirms, hands out the session with 201 once, then reads used", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const started = await env.api.call("POST", "/auth/cli", { creds: project.client, body: { expires_in_millis: 600_000 } });
    expectValidThroughProxy(started, 200);
    const { polling_code, login_code } = started.json as { polling_code: string; login_code: string };

    const waiting = await poll(polling_code);
    expectValidThroughProxy(waiting, 200);
    expect(waiting.json).toEqual({ status: "waiting" });

    const check = await env.api.call("POST", "/auth/cli/complete", { creds: project.client, body: { login_code, mode: "check" } });
    expectValidThroughProxy(check, 200);
    expect(check.json).toEqual({ cli_session_state: "none" });

    const confirmed = await env.api.call("POST", "/auth/cli/complete", {
      creds: { ...project.client, accessToken: user.accessToken },
      body: { login_code, refresh_token: user.refreshToken },
    });
    expectValidThroughProxy(confirmed, 200);
    expect(confirmed.json).toEqual({ success: true });

    const success = await poll(polling_code);
    expectValidThroughProxy(success, 201);
    expect(success.json).toEqual({ status: "success", refresh_token: expect.any(String) });
    expectValidThroughProxy(await refreshThroughProxy(env.api, project.projectId, success.json.refresh_token, project.keys.publishableKey), 200);

    const used = await poll(polling_code);
    expectValidThroughProxy(used, 200);
    expect(used.json).toEqual({ status: "used" });
  });

  it("answers the documented errors for unknown codes and a missing user", async () => {
    expectKnownErrorThroughProxy(await poll("A".repeat(45)), 400, "INVALID_POLLING_CODE");
    const body = { login_code: "A".repeat(45) };
    // Neither a refresh token nor a user: a plain 400 sentence, as Stack Auth answers (declared as text/plain).
    const nobody = await env.api.call("POST", "/auth/cli/complete", { creds: project.client, body });
    expectValidThroughProxy(nobody, 400);
    expect(nobody.headers.get("content-type")).toContain("text/plain");
    expect(nobody.headers.get("x-stack-known-error")).toBeNull();
    const user = await signUpThroughProxy(env.api, project.client);
    const unknown = await env.api.call("POST", "/auth/cli/complete", { creds: { ...project.client, accessToken: user.accessToken }, body });
    expectKnownErrorThroughProxy(unknown, 400, "CLI_AUTH_ERROR");
    expect(unknown.json.details).toEqual({ message: expect.any(String) });
  });
});
