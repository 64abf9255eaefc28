/**
 * MCP authorization against a project, with the official MCP TypeScript SDK on both sides: a
 * small MCP server that checks every token with the project (test/support/mcp-notes-server.ts)
 * and the SDK's client, which finds the project from the server's 401 (RFC 9728 metadata),
 * reads the authorization server's metadata (RFC 8414), registers itself (RFC 7591), sends the
 * user to sign in with PKCE and a resource indicator (RFC 8707), and calls a tool. Once the user
 * disconnects the app, the server refuses it. The user's part is done over HTTP here, as the
 * authorize page does it; test/browser/oauth-mcp.test.ts does it in Chromium.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, TEST_INTERNAL_KEYS, type TestServer } from "../harness";
import { CookieBrowser } from "../support/cookie-browser";
import { MemoryMcpAuth } from "../support/mcp-client-auth";
import { startMcpNotesServer, type McpNotesServer } from "../support/mcp-notes-server";

const CALLBACK = "http://127.0.0.1:4998/mcp-callback";

let server: TestServer;
let notes: McpNotesServer;
let issuer: string;

const adminHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey,
  "content-type": "application/json",
};
const clientHeaders = (accessToken?: string) => ({
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey,
  "content-type": "application/json",
  ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
});

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await server.request(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** The authorize page's part: the signed-in user allows what the app asks; returns the code the app receives. */
async function allowAs(accessToken: string, authorizationUrl: URL): Promise<URL> {
  const browser = new CookieBrowser();
  const page = await browser.follow(authorizationUrl, CALLBACK);
  const uid = /\/authorize\/([^/?]+)$/.exec(page.url.pathname)?.[1];
  expect(uid, page.url.href).toBeTruthy();
  const request = await api("GET", `/oauth-apps/authorizations/${uid}`, clientHeaders(accessToken));
  expect(request.json).toMatchObject({ client: { display_name: "Notes MCP client" }, resources: [{ uri: notes.url, display_name: "Notes", scopes: ["notes:read"] }] });
  const answer = await api("POST", `/oauth-apps/authorizations/${uid}`, clientHeaders(accessToken), { decision: "allow" });
  return (await browser.follow(answer.json.redirect_to, CALLBACK)).url;
}

beforeAll(async () => {
  server = await startServer();
  issuer = `${server.url}/api/v1/projects/internal/oauth2`;
  const port = await freePort();
  const mcpUrl = `http://127.0.0.1:${port}/mcp`;
  const configured = await api("PATCH", "/internal/config/override/environment", adminHeaders, {
    config_override_string: JSON.stringify({
      "oauthServer.enabled": true,
      "oauthServer.dynamicClientRegistration": true,
      "oauthServer.resources.notes": { uri: mcpUrl, displayName: "Notes", scopes: "notes:read" },
    }),
  });
  expect(configured.status).toBe(200);
  const resourceServer = await api("POST", "/internal/oauth-apps", adminHeaders, { display_name: "Notes MCP server", type: "confidential", grant_types: ["client_credentials"] });
  expect(resourceServer.status).toBe(201);
  notes = await startMcpNotesServer({
    issuer,
    resourceMetadataUrl: `${issuer}/resources/notes/.well-known/oauth-protected-resource`,
    introspectionClient: { clientId: resourceServer.json.client_id, clientSecret: resourceServer.json.client_secret },
    requiredScope: "notes:read",
    port,
  });
}, 120_000);
afterAll(async () => {
  await notes?.close();
  await server?.close();
});

describe("the MCP SDK's client against an MCP server protected by a project", () => {
  it("discovers, registers, signs the user in, calls a tool, and is refused once the user disconnects the app", async () => {
    const signUp = await api("POST", "/auth/password/sign-up", clientHeaders(), { email: `mcp-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct horse battery staple" });
    const user = { id: signUp.json.user_id as string, accessToken: signUp.json.access_token as string };

    const auth = new MemoryMcpAuth(CALLBACK);
    const client = new Client({ name: "notes-cli", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(notes.url), { authProvider: auth }))).rejects.toBeInstanceOf(UnauthorizedError);

    // It registered itself, and asks for the resource with PKCE.
    expect(auth.information?.client_id).toMatch(/^oa_/);
    const apps = await api("GET", "/internal/oauth-apps", adminHeaders);
    expect(apps.json.items).toContainEqual(expect.objectContaining({ client_id: auth.information!.client_id, registered_by: "dynamic", token_endpoint_auth_method: "none" }));
    const authorizationUrl = auth.authorizationUrls[0]!;
    expect(authorizationUrl.searchParams.get("resource")).toBe(notes.url);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("scope")).toBe("notes:read");

    const callback = await allowAs(user.accessToken, authorizationUrl);
    const code = callback.searchParams.get("code");
    expect(code, callback.href).toBeTruthy();
    const transport = new StreamableHTTPClientTransport(new URL(notes.url), { authProvider: auth });
    await transport.finishAuth(code!);
    await client.connect(transport);
    const answer = await client.callTool({ name: "whoami", arguments: {} });
    expect(answer.content).toEqual([{ type: "text", text: `signed in as ${user.id}` }]);

    const refusedBefore = notes.refusals;
    const disconnected = await api("DELETE", `/oauth-apps/connections/${auth.information!.client_id}?user_id=me`, clientHeaders(user.accessToken));
    expect(disconnected.status).toBe(200);
    await expect(client.callTool({ name: "whoami", arguments: {} })).rejects.toThrow();
    expect(notes.refusals).toBeGreaterThan(refusedBefore);
    // Its refresh token went with the grant: the SDK had to send the user to sign in again.
    expect(auth.authorizationUrls.length).toBeGreaterThan(1);
    await client.close();
  });

  it("serves the resource's RFC 9728 metadata, and registration only while the project allows it", async () => {
    const metadata = await (await fetch(`${issuer}/resources/notes/.well-known/oauth-protected-resource`)).json();
    expect(metadata).toEqual({ resource: notes.url, authorization_servers: [issuer], bearer_methods_supported: ["header"], scopes_supported: ["notes:read"], resource_name: "Notes" });
    expect((await fetch(`${issuer}/resources/unknown/.well-known/oauth-protected-resource`)).status).toBe(404);

    const register = (body: unknown) => fetch(`${issuer}/reg`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const tooMuch = await register({ redirect_uris: [CALLBACK], grant_types: ["client_credentials"], token_endpoint_auth_method: "client_secret_basic" });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error).toBe("invalid_client_metadata");
    const insecure = await register({ redirect_uris: ["http://evil.example/cb"], token_endpoint_auth_method: "none" });
    expect((await insecure.json()).error).toBe("invalid_client_metadata");
    const unknownScope = await register({ redirect_uris: [CALLBACK], token_endpoint_auth_method: "none", scope: "admin" });
    expect((await unknownScope.json()).error).toBe("invalid_client_metadata");
    const confidential = await register({ redirect_uris: [CALLBACK], client_name: "Server-side agent" });
    expect(confidential.status).toBe(201);
    const registered = await confidential.json();
    expect(registered.client_secret).toMatch(/^oas_/);
    // Its secret is kept as a digest only, and a self-registered client cannot read other clients' tokens.
    const introspect = await fetch(`${issuer}/token/introspection`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${registered.client_id}:${registered.client_secret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      body: "token=anything",
    });
    expect(introspect.status).toBe(200);
    expect((await introspect.json()).active).toBe(false);

    await api("PATCH", "/internal/config/override/environment", adminHeaders, { config_override_string: JSON.stringify({ "oauthServer.dynamicClientRegistration": false }) });
    const refused = await register({ redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("access_denied");
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(discovery.registration_endpoint).toBeUndefined();
    await api("PATCH", "/internal/config/override/environment", adminHeaders, { config_override_string: JSON.stringify({ "oauthServer.dynamicClientRegistration": true }) });
  });
});
