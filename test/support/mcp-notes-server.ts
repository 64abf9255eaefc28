/**
 * A small MCP server protected by a Gatehouse project, as a developer would write one with the
 * official MCP TypeScript SDK: every request's bearer token is checked with the project's OAuth
 * server by introspection (RFC 7662, as a confidential "resource server" app), so a revoked
 * token is refused at once; a request without a good token gets 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…` pointing at the project's RFC 9728 metadata for
 * this resource, which is how an MCP client finds where to sign in. One tool, `whoami`.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface McpNotesServer {
  /** The MCP endpoint, which is also the resource indicator tokens must be issued for. */
  url: string;
  /** Requests refused for want of a valid token. */
  refusals: number;
  close(): Promise<void>;
}

export interface McpNotesOptions {
  issuer: string;
  /** Where the project serves this resource's RFC 9728 metadata. */
  resourceMetadataUrl: string;
  /** The resource server's own app (confidential, created by an admin), for introspection. */
  introspectionClient: { clientId: string; clientSecret: string };
  requiredScope: string;
  port: number;
}

interface Introspection {
  active: boolean;
  sub?: string;
  scope?: string;
  aud?: string | string[];
  client_id?: string;
}

export async function startMcpNotesServer(options: McpNotesOptions): Promise<McpNotesServer> {
  const url = `http://127.0.0.1:${options.port}/mcp`;
  const state = { refusals: 0 };

  async function introspect(token: string): Promise<Introspection> {
    const basic = Buffer.from(`${options.introspectionClient.clientId}:${options.introspectionClient.clientSecret}`).toString("base64");
    const response = await fetch(`${options.issuer}/token/introspection`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    if (!response.ok) throw new Error(`introspection answered ${response.status}`);
    return (await response.json()) as Introspection;
  }

  const server: Server = createServer(async (req, res) => {
    if (!req.url?.startsWith("/mcp")) {
      res.writeHead(404).end();
      return;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    let info: Introspection | null;
    try {
      info = token ? await introspect(token) : null;
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" }).end(`could not check the token: ${String(error)}`);
      return;
    }
    const audiences = info ? [info.aud ?? []].flat() : [];
    const scopes = new Set((info?.scope ?? "").split(" "));
    if (!info?.active || !audiences.includes(url) || !scopes.has(options.requiredScope)) {
      state.refusals++;
      const error = token ? `, error="invalid_token"` : "";
      res.writeHead(401, {
        "www-authenticate": `Bearer resource_metadata="${options.resourceMetadataUrl}", scope="${options.requiredScope}"${error}`,
        "content-type": "application/json",
      });
      res.end(JSON.stringify({ error: "invalid_token" }));
      return;
    }
    // Stateless: a server and transport per request.
    const mcp = new McpServer({ name: "notes", version: "1.0.0" });
    mcp.registerTool("whoami", { description: "Says which user the token stands for." }, async () => ({
      content: [{ type: "text", text: `signed in as ${info.sub}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  if (port !== options.port) throw new Error("unexpected port");
  return {
    url,
    get refusals() {
      return state.refusals;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
