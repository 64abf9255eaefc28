import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeQuery, CLIENT_REDIRECT, configureOAuth, followProvider, newPkce } from "../harness";
import { startOidcStandIn, type OidcStandIn } from "../harness/oidc-stand-in";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("oauth");

describe("oauth: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let standIn: OidcStandIn;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    // The generic provider needs no server setting, so the stand-in can start after the server.
    standIn = await startOidcStandIn({
      clients: [{ clientId: "corp", clientSecret: "corp-secret", redirectUris: [`${env.server.url}/api/v1/auth/oauth/callback/corp`] }],
    });
    await configureOAuth(env.server, project, { corp: { type: "oidc", clientId: "corp", clientSecret: "corp-secret", issuerUrl: standIn.issuer } });
  });

  afterAll(async () => {
    await standIn?.close();
  });

  it("signs in through authorize (JSON mode), the provider, the callback and the token endpoint", async () => {
    const pkce = newPkce();
    const person = standIn.addAccount({ sub: "contract-person", email: "contract-person@example.com", email_verified: true, name: "Contract Person" });
    const query = authorizeQuery(project, { provider: "corp", json: true }, pkce);
    const authorize = await env.api.callUntyped("GET", `/auth/oauth/authorize/corp?${query}`);
    expectValidThroughProxy(authorize, 200);

    standIn.nextDecision({ accountId: person.sub });
    const callbackUrl = await followProvider(authorize.json.location, `${env.server.url}/api/v1/auth/oauth/callback/`);
    // Prism's proxy follows redirects itself, so the browser-facing callback is called directly.
    const callback = await env.direct.callUntyped("GET", callbackUrl.pathname.replace(/^\/api\/v1/, "") + callbackUrl.search);
    expect(callback.status).toBe(303);
    const back = new URL(callback.headers.get("location")!);
    expect(back.href.startsWith(CLIENT_REDIRECT)).toBe(true);
    expect(back.searchParams.get("state")).toBe(pkce.state);

    const token = await env.api.call("POST", "/auth/oauth/token", {
      form: {
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: CLIENT_REDIRECT,
        code_verifier: pkce.verifier,
        client_id: project.projectId,
        client_secret: project.keys.publishableKey,
      },
    });
    expectValidThroughProxy(token, 200);
    expect(token.json).toMatchObject({ token_type: "Bearer", is_new_user: true, refresh_token: expect.any(String) });
    expect(decodeJwtPayload(token.json.access_token)).toMatchObject({ email: person.email, email_verified: true, name: person.name });
  });

  it("answers the documented errors: unknown provider, unknown state, used code", async () => {
    const query = authorizeQuery(project, { provider: "github", json: true }, newPkce());
    expectKnownErrorThroughProxy(await env.api.callUntyped("GET", `/auth/oauth/authorize/github?${query}`), 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    // An unknown state is answered in plain text (there is no flow to send an error to).
    const unknown = await env.api.callUntyped("GET", "/auth/oauth/callback/corp?code=x&state=unknown");
    expectValidThroughProxy(unknown, 400);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/plain/);
    const token = await env.api.call("POST", "/auth/oauth/token", {
      form: {
        grant_type: "authorization_code",
        code: "A".repeat(45),
        redirect_uri: CLIENT_REDIRECT,
        code_verifier: newPkce().verifier,
        client_id: project.projectId,
        client_secret: project.keys.publishableKey,
      },
    });
    expectKnownErrorThroughProxy(token, 400, "INVALID_AUTHORIZATION_CODE");
  });
});
