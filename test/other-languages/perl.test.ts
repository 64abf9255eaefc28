/**
 * A client in a second language, from a Debian package, against the real server: Perl's
 * OpenAPI::Client (libopenapi-client-perl) loads the served OpenAPI 3.0.3 rendering, signs up
 * and reads /users/me by operationId, and validates each response against the document
 * (test/other-languages/perl/sign-up-and-read-me.pl). JSON::Validator checks the document against
 * the 3.0 meta-schema it ships, so nothing is fetched from the network. The negative cases put
 * a proxy in front of the server that breaks one response, and the script must refuse it.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_INTERNAL_KEYS, uniqueEmail, type TestServer } from "../harness";

const SCRIPT = fileURLToPath(new URL("./perl/sign-up-and-read-me.pl", import.meta.url));
const COMMITTED_30 = fileURLToPath(new URL("../../openapi/openapi-3.0.json", import.meta.url));

interface PerlRun {
  exitCode: number;
  steps: Array<{ step: string; status?: string; errors?: string[]; body?: any; error?: string }>;
  stderr: string;
}

/** Runs the script (asynchronously: the server answers from this same process). */
function runPerlClient(documentUrl: string, apiUrl: string): Promise<PerlRun> {
  const args = [SCRIPT, documentUrl, apiUrl, "internal", TEST_INTERNAL_KEYS.publishableClientKey, uniqueEmail("perl")];
  return new Promise((resolve) => {
    execFile("perl", args, { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      const steps = stdout
        .split("\n")
        .filter((line) => line.trim().startsWith("{"))
        .map((line) => JSON.parse(line));
      resolve({ exitCode: error ? Number(error.code ?? 1) : 0, steps, stderr });
    });
  });
}

/** A proxy to `upstream` that hands every JSON answer of `path` to `tamper` before relaying it. */
async function startTamperingProxy(upstream: string, path: string, tamper: (body: any) => any): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name, value]) => typeof value === "string" && !["host", "content-length", "connection"].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    let text = await answer.text();
    if (req.url?.split("?")[0] === `/api/v1${path}` && answer.headers.get("content-type")?.includes("json")) {
      text = JSON.stringify(tamper(JSON.parse(text)));
    }
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("a Perl OpenAPI::Client against the real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves the committed 3.0.3 rendering", async () => {
    const served = (await (await fetch(`${server.url}/api/v1/openapi-3.0.json`)).json()) as Record<string, unknown>;
    expect(served).toEqual(JSON.parse(readFileSync(COMMITTED_30, "utf8")));
    expect(served.openapi).toBe("3.0.3");
    expect(served.webhooks).toBeUndefined();
  });

  it("signs up and reads /users/me by operationId, every response valid against the document", async () => {
    const run = await runPerlClient(`${server.url}/api/v1/openapi-3.0.json`, `${server.url}/api/v1`);
    expect(run.exitCode, run.stderr + JSON.stringify(run.steps)).toBe(0);
    const [load, signUp, me, done] = run.steps;
    expect(load).toMatchObject({ step: "load" });
    expect(signUp).toMatchObject({ step: "signUpWithPassword", status: "200", errors: [] });
    expect(me).toMatchObject({ step: "getCurrentUser", status: "200", errors: [], body: { id: signUp!.body.user_id, selected_team: expect.any(Object) } });
    expect(done).toEqual({ step: "done", user_id: signUp!.body.user_id });
  });

  it.each([
    { path: "/users/me", change: "a field of the wrong type", tamper: (body: any) => ({ ...body, primary_email_verified: "yes" }), field: "primary_email_verified" },
    { path: "/users/me", change: "a nullable field set to a number", tamper: (body: any) => ({ ...body, selected_team: 7 }), field: "selected_team" },
    {
      path: "/auth/password/sign-up",
      change: "a required field missing",
      tamper: ({ refresh_token: _dropped, ...body }: any) => body,
      field: "refresh_token",
    },
  ])("fails when $path answers $change", async ({ path, tamper, field }) => {
    const proxy = await startTamperingProxy(server.url, path, tamper);
    try {
      const run = await runPerlClient(`${proxy.url}/api/v1/openapi-3.0.json`, `${proxy.url}/api/v1`);
      expect(run.exitCode, run.stderr + JSON.stringify(run.steps)).toBe(1);
      expect(run.stderr).toContain("does not match the document");
      expect(run.stderr).toContain(field);
    } finally {
      await proxy.close();
    }
  });
});
