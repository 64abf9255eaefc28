/**
 * MCP authorization end to end in Chromium, with the official MCP TypeScript SDK on both sides:
 * an MCP server protected by the internal project (it introspects every token,
 * test/support/mcp-notes-server.ts) and the SDK's client, which finds the project from the
 * server's 401 (RFC 9728), registers itself (RFC 7591) and sends the person to the authorize
 * page with PKCE and a resource indicator (RFC 8707). The person signs in and allows in the
 * browser; the client calls a tool as them. Once they disconnect the app in account settings,
 * the MCP server refuses it.
 */
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../harness";
import { MemoryMcpAuth } from "../support/mcp-client-auth";
import { startMcpNotesServer, type McpNotesServer } from "../support/mcp-notes-server";
import { openSettings, settled } from "./support/account-settings";
import { callInternal, fillCredentials, PASSWORD, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

let notes: McpNotesServer;
/** The MCP client's redirect URI: a loopback page, as a CLI or desktop client serves it. */
let callback: Server;
let callbackUrl: string;

beforeAll(async () => {
  const { server } = harness();
  const port = await freePort();
  const configured = await callInternal(server, "admin", "PATCH", "/internal/config/override/environment", {
    config_override_string: JSON.stringify({
      "oauthServer.enabled": true,
      "oauthServer.dynamicClientRegistration": true,
      "oauthServer.resources.notes": { uri: `http://127.0.0.1:${port}/mcp`, displayName: "Team notes", scopes: "notes:read" },
    }),
  });
  expect(configured.status).toBe(200);
  const resourceServer = await callInternal(server, "admin", "POST", "/internal/oauth-apps", { display_name: "Team notes MCP server", type: "confidential", grant_types: ["client_credentials"] });
  expect(resourceServer.status).toBe(201);
  const app = resourceServer.json as { client_id: string; client_secret: string };
  const issuer = `${server.url}/api/v1/projects/internal/oauth2`;
  notes = await startMcpNotesServer({
    issuer,
    resourceMetadataUrl: `${issuer}/resources/notes/.well-known/oauth-protected-resource`,
    introspectionClient: { clientId: app.client_id, clientSecret: app.client_secret },
    requiredScope: "notes:read",
    port,
  });
  callback = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=en><title>Notes CLI</title><main><h1>You can close this window</h1></main>");
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
}, 240_000);

afterAll(async () => {
  await notes?.close();
  await new Promise((resolve) => callback?.close(resolve));
});

describe("an MCP client signing a person in through the authorize page", () => {
  it("discovers, registers, signs in in the browser, calls a tool, and is refused once the person disconnects it", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("mcp");
    const { user_id: userId } = await signUpThroughApi(server, email);

    // The SDK's client: the server answers 401, so it discovers, registers and asks the person to sign in.
    const auth = new MemoryMcpAuth(callbackUrl);
    const client = new Client({ name: "notes-cli", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(notes.url), { authProvider: auth }))).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = auth.authorizationUrls[0]!;
    expect(authorizationUrl.searchParams.get("resource")).toBe(notes.url);

    // The person, in Chromium: signs in on the authorize page and allows.
    await page.goto(authorizationUrl.href);
    await page.waitForURL(/\/oauth2\/internal\/authorize\/[A-Za-z0-9_-]+$/);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: /^Notes MCP client wants to sign you in with / }).waitFor();
    const resource = page.getByTestId("consent-resource");
    await resource.getByText("Team notes").waitFor();
    await resource.getByText("notes:read").waitFor();
    await settled(page);
    await screenshots(page, "oauth-mcp-consent");
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl), { timeout: 20_000 });
    const code = new URL(page.url()).searchParams.get("code");
    expect(code).toBeTruthy();

    // The client finishes, reconnects and calls a tool as the person.
    const transport = new StreamableHTTPClientTransport(new URL(notes.url), { authProvider: auth });
    await transport.finishAuth(code!);
    await client.connect(transport);
    expect(await client.callTool({ name: "whoami", arguments: {} })).toMatchObject({ content: [{ type: "text", text: `signed in as ${userId}` }] });

    // The person disconnects it in account settings; the MCP server refuses it from then on.
    await openSettings(page, "connected-apps");
    const item = page.getByRole("listitem", { name: "Notes MCP client" });
    await item.waitFor();
    await item.getByRole("button", { name: "Disconnect Notes MCP client" }).click();
    await page.getByRole("dialog", { name: "Disconnect Notes MCP client?" }).getByRole("button", { name: "Disconnect", exact: true }).click();
    await page.getByText("Notes MCP client is disconnected.").waitFor();
    const refusedBefore = notes.refusals;
    await expect(client.callTool({ name: "whoami", arguments: {} })).rejects.toThrow();
    expect(notes.refusals).toBeGreaterThan(refusedBefore);
    await client.close();
  }, 120_000);
});
