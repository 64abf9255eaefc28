import { createGatehouseClient } from "@gatehouse/clients/fetch";
import { createMemoryStorage, createSession } from "@gatehouse/clients/session";
import { startServer, type TestServer } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.close());

describe("the Node example of docs/sdks.md", () => {
  it("signs in with the typed client and reads the user through a session that refreshes", async () => {
    const email = `docs-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "correct horse battery staple";
    const signUp = createGatehouseClient({ baseUrl: server.url, projectId: "internal" });
    expect((await signUp.POST("/auth/password/sign-up", { body: { email, password } })).response.status).toBe(200);

    // As written in docs/sdks.md ("The client library"), with the server's URL.
    const session = createSession({ baseUrl: server.url, projectId: "internal", storage: createMemoryStorage() });
    const api = createGatehouseClient({ baseUrl: session.baseUrl, projectId: "internal", session });
    const { data } = await api.POST("/auth/password/sign-in", { body: { email, password } });
    if (data) session.setTokens({ accessToken: data.access_token, refreshToken: data.refresh_token });
    const { data: me } = await api.GET("/users/me");
    expect(me?.primary_email).toBe(email);

    // The access token is refreshed once it nears expiry: forget it and read again.
    session.markAccessTokenExpired((await session.getAccessToken())!);
    const { data: again } = await api.GET("/users/me");
    expect(again?.primary_email).toBe(email);
  });
});
