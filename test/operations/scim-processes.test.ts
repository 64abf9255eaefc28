/**
 * SCIM deprovisioning across server processes: the identity provider deactivates a user
 * through one process, and the user's access token is refused by the other within a second
 * (the deleted sessions' revocation reaches its cache by the database's notification, as a
 * sign-out does), and their refresh token at once. PostgreSQL only: PGlite is one process's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../harness";
import { startServerProcess, type ServerProcess } from "../harness/server-process";
import { ADMIN_HEADERS, callApi, CLIENT_HEADERS, readOwnUser, SERVER_HEADERS } from "./internal-api";

describe.skipIf(testDbKind() !== "postgres")("SCIM deprovisioning seen by another server process", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    // One public URL, as behind one balancer: the tokens' issuer is the same in both.
    const env = { PUBLIC_URL: "http://gatehouse.test" };
    a = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => a.kill("SIGTERM"));
    b = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => b.kill("SIGTERM"));
  }, 180_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("refuses the deactivated user's access token in the other process within 1 s, and their refresh token at once", async () => {
    const team = await callApi(a.url, "POST", "/teams", { headers: SERVER_HEADERS, body: { display_name: "Contoso" } });
    const directory = await callApi(a.url, "POST", "/internal/scim-directories", { headers: ADMIN_HEADERS, body: { team_id: team.json.id, display_name: "Entra ID" } });
    expect(directory.status).toBe(201);
    const scim = (method: string, path: string, body: unknown) =>
      fetch(`${a.url}/api/v1/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${directory.json.token}`, "content-type": "application/scim+json" },
        body: JSON.stringify(body),
      });
    const created = await scim("POST", "/Users", { userName: "process@contoso.example", emails: [{ value: "process@contoso.example", type: "work" }] });
    expect(created.status).toBe(201);
    const userId = ((await created.json()) as { id: string }).id;
    const session = await callApi(a.url, "POST", "/auth/sessions", { headers: SERVER_HEADERS, body: { user_id: userId } });
    const accessToken: string = session.json.access_token;
    expect((await readOwnUser(b.url, accessToken)).status).toBe(200);

    const disabled = await scim("PATCH", `/Users/${userId}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "Replace", path: "active", value: "False" }] });
    expect(disabled.status).toBe(200);
    const started = Date.now();
    while ((await readOwnUser(b.url, accessToken)).code !== "ACCESS_TOKEN_EXPIRED") {
      expect(Date.now() - started, "the deactivation was not seen by the other process").toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const refreshed = await callApi(b.url, "POST", "/auth/sessions/current/refresh", { headers: { ...CLIENT_HEADERS, "x-stack-refresh-token": session.json.refresh_token }, body: {} });
    expect(refreshed.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
