import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../testing/fixtures";
import { startTestServer, type RunningTestServer } from "../testing/test-server";

let server: RunningTestServer;
let project: ProjectFixture;

beforeAll(async () => {
  server = await startTestServer({ env: { BODY_LIMIT_BYTES: "4096" } });
  project = await createProjectFixture(server);
});

afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
  socketId: number;
}

const socketIds = new WeakMap<object, number>();
let nextSocketId = 0;

/** One request through `agent`, noting which socket carried it. */
function send(agent: Agent, method: string, path: string, body?: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, method, path, agent, headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": project.keys.secretKey } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), socketId });
        });
      },
    );
    let socketId = 0;
    req.on("socket", (socket) => {
      if (!socketIds.has(socket)) socketIds.set(socket, (nextSocketId += 1));
      socketId = socketIds.get(socket)!;
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("keep-alive after a refused body", () => {
  it("either keeps the connection usable or says connection: close", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const results: RawAnswer[] = [];
      for (let i = 0; i < 3; i += 1) {
        const big = await send(agent, "POST", "/api/v1/teams", Buffer.from(JSON.stringify({ display_name: "x".repeat(200_000) })));
        expect(big.status).toBe(400);
        expect(JSON.parse(big.body).code).toBe("BODY_PARSING_ERROR");
        const next = await send(agent, "GET", "/api/v1/teams");
        expect(next.status).toBe(200);
        results.push(big, next);
      }
      for (let i = 0; i < results.length; i += 2) {
        const [big, next] = [results[i]!, results[i + 1]!];
        if (big.headers.connection !== "close") expect(next.socketId).toBe(big.socketId);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("bodies and routes at the edges", () => {
  it("accepts DELETE /auth/sessions/current with a JSON content type and no body", async () => {
    const user = await signUpUser(server, project.client);
    const res = await call(server, "DELETE", "/auth/sessions/current", {
      creds: { ...project.client, accessToken: user.accessToken, refreshToken: user.refreshToken },
      headers: { "content-type": "application/json" },
    });
    expect(res.status, res.text).toBe(200);
  });

  it("answers an unknown API route with the ROUTE_NOT_FOUND known error", async () => {
    for (const [method, path] of [
      ["GET", "/no-such-route"],
      ["DELETE", "/teams/"],
      ["PUT", "/users/me"],
    ] as const) {
      const res = await callUntyped(server, method, path, { creds: project.server });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toMatchObject({ code: "ROUTE_NOT_FOUND", details: { method, path: `/api/v1${path}` } });
      expect(res.headers.get("x-stack-known-error")).toBe("ROUTE_NOT_FOUND");
    }
  });
});

describe("answers the document declares", () => {
  it("declares 429 on anonymous sign-up and 404 on DELETE /users/me (two deletes racing), and a deleted user's token is refused", async () => {
    const paths = server.openApiDocument().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths["/auth/anonymous/sign-up"]!.post!.responses)).toContain("429");
    expect(Object.keys(paths["/users/me"]!.delete!.responses)).toContain("404");

    const user = await signUpUser(server, { ...project.client, projectId: project.projectId });
    const creds = { ...project.server, accessToken: user.accessToken };
    expect((await call(server, "DELETE", "/users/me", { creds })).status).toBe(200);
    // The deletion ended the user's sessions, so the token is refused before any user lookup;
    // USER_NOT_FOUND remains for a second delete that passed that check while the first ran.
    const again = await call(server, "DELETE", "/users/me", { creds });
    expect(again.status).toBe(401);
    expect(again.json.code).toBe("ACCESS_TOKEN_EXPIRED");
  });
});
