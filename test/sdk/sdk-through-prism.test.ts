/**
 * The published SDK's own traffic, checked against the published document: @stackframe/js
 * 2.8.102 talks to the real server through `prism proxy --errors`, and every exchange of
 * a whole session must pass without a violation.
 *
 * Only 2.8.102 can take this path: 2.8.108 sends x-hexclave- headers, which the server
 * accepts but the document's security schemes (x-stack- names) do not list, so Prism
 * would refuse them. Prism serves the document's paths from its root (it ignores the
 * relative `servers` entry), so the SDK's `/api/v1` prefix is dropped on the way in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as sdk108 from "@stackframe/js";
import * as sdk102 from "stack-js-2-8-102";
import { uniqueEmail } from "../harness";
import { violationsOf, type HttpResult, type Violation } from "../support/http";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

// Typed through 2.8.108's declarations, which describe the same constructor options.
const sdk = sdk102 as unknown as typeof sdk108;

interface Exchange {
  method: string;
  path: string;
  status: number;
  relayed: boolean;
  violations: Violation[];
}

describe("@stackframe/js 2.8.102 through prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let exchanges: Exchange[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const request = new Request(input, init);
      const prefix = `${env.prism.url}/api/v1/`;
      if (!request.url.startsWith(prefix)) return realFetch(input, init);
      // Re-send with the body as text: a streamed body would go out chunked, and Prism
      // forwards `transfer-encoding: chunked` beside its own content-length.
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
      const response = await realFetch(`${env.prism.url}/${request.url.slice(prefix.length)}`, {
        method: request.method,
        headers: request.headers,
        body: body === "" ? undefined : body,
      });
      const text = await response.clone().text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const seen: HttpResult = { status: response.status, headers: response.headers, json, text };
      exchanges.push({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        relayed: response.headers.has("x-stack-request-id"),
        violations: violationsOf(seen),
      });
      return response;
    };
  });

  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it("signs up, reads, renames, refreshes, signs out and signs back in with every exchange valid", async () => {
    exchanges = [];
    const app = new sdk.StackClientApp({
      baseUrl: env.prism.url,
      projectId: project.projectId,
      publishableClientKey: project.keys.publishableKey,
      tokenStore: "memory",
      redirectMethod: "none",
      noAutomaticPrefetch: true,
    });
    const email = uniqueEmail("sdk-proxy");
    const password = "correct horse battery";

    expect(await app.signUpWithCredential({ email, password, noRedirect: true, noVerificationCallback: true })).toEqual({ status: "ok", data: undefined });
    const user = await app.getUser({ or: "throw" });
    await user.update({ displayName: "Through Prism" });
    expect((await app.getProject()).id).toBe(project.projectId);
    await user.signOut();
    expect(await app.getUser()).toBeNull();
    expect(await app.signInWithCredential({ email, password, noRedirect: true })).toEqual({ status: "ok", data: undefined });
    expect((await app.getUser({ or: "throw" })).displayName).toBe("Through Prism");

    const paths = exchanges.map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /api/v1/auth/password/sign-up",
        "GET /api/v1/users/me",
        "PATCH /api/v1/users/me",
        "GET /api/v1/projects/current",
        "POST /api/v1/auth/oauth/token",
        "DELETE /api/v1/auth/sessions/current",
        "POST /api/v1/auth/password/sign-in",
      ]),
    );
    expect(exchanges.filter((e) => e.violations.length > 0 || !e.relayed || e.status >= 400)).toEqual([]);
  });
});
