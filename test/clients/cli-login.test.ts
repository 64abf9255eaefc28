/**
 * The CLI login helper (`@gatehouse/clients/cli-login`) against a real server: docs/sdks.md's
 * example as written, with the person's confirmation made through the API where the test
 * is told the link; then the ways a login ends without a session.
 */
import { CLI_LOGIN_EXPIRED_MESSAGE, CLI_LOGIN_TIMED_OUT_MESSAGE, CLI_LOGIN_USED_MESSAGE, CliLoginError, loginFromCli } from "@gatehouse/clients/cli-login";
import { createGatehouseClient } from "@gatehouse/clients/fetch";
import { createMemoryStorage, createSession, type Session } from "@gatehouse/clients/session";
import { startServer, type TestServer } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let user: { email: string; accessToken: string };

beforeAll(async () => {
  server = await startServer();
  const email = `cli-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const api = createGatehouseClient({ baseUrl: server.url, projectId: "internal" });
  const { data } = await api.POST("/auth/password/sign-up", { body: { email, password: "correct horse battery staple" } });
  user = { email, accessToken: data!.access_token };
}, 120_000);
afterAll(() => server?.close());

/** What the person does in the browser: confirm the login code as the signed-in user. */
async function confirmAsUser(loginCode: string) {
  const api = createGatehouseClient({ baseUrl: server.url, projectId: "internal", accessToken: user.accessToken });
  const { data, error } = await api.POST("/auth/cli/complete", { body: { login_code: loginCode } });
  if (!data) throw new Error(`confirmation failed: ${JSON.stringify(error)}`);
}

/** A session whose fetch records every poll's time and may act before one is sent. */
function recordingSession(beforePoll?: (request: Request, count: number) => Promise<void>) {
  const polls: number[] = [];
  const session = createSession({
    baseUrl: server.url,
    projectId: "internal",
    storage: createMemoryStorage(),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith("/auth/cli/poll")) {
        polls.push(Date.now());
        await beforePoll?.(request.clone(), polls.length);
      }
      return fetch(request);
    },
  });
  return { session, polls };
}

describe("loginFromCli", () => {
  it("runs the example of docs/sdks.md: prints the link, polls every 2 s, and signs the session in as the confirming user", async () => {
    const { session, polls } = recordingSession();
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => {
      printed.push(line);
      const code = /login_code=([A-Z0-9]+)/.exec(line)?.[1];
      // The person opens the link a little later.
      if (code) setTimeout(() => void confirmAsUser(code), 3000);
    };
    try {
      // As written in docs/sdks.md, with the server's URL and the session above.
      await loginFromCli(session, { onLoginUrl: (url) => console.log(`Open ${url} to sign in`) });
      const { data: me } = await createGatehouseClient({ baseUrl: session.baseUrl, projectId: "internal", session }).GET("/users/me");
      console.log(`Signed in as ${me?.primary_email}`);
    } finally {
      console.log = log;
    }
    expect(printed[0]).toMatch(new RegExp(`^Open ${server.url}/handler/cli-auth-confirm\\?login_code=[A-Z0-9]{45} to sign in$`));
    expect(printed[1]).toBe(`Signed in as ${user.email}`);
    expect(session.hasSession()).toBe(true);
    // Waiting, waiting, then the success: two waits of SPEC §9's 2 seconds between them.
    expect(polls.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < polls.length; i++) expect(polls[i]! - polls[i - 1]!).toBeGreaterThanOrEqual(1990);
  }, 20_000);

  it("builds the link on the confirm page it is given", async () => {
    const { session } = recordingSession();
    const links: string[] = [];
    await loginFromCli(session, {
      confirmUrl: "https://app.example.com/auth/cli?lang=en",
      pollIntervalMillis: 50,
      onLoginUrl: (url, code) => {
        links.push(url);
        void confirmAsUser(code);
      },
    });
    expect(links[0]).toMatch(/^https:\/\/app\.example\.com\/auth\/cli\?lang=en&login_code=[A-Z0-9]{45}$/);
  });

  it(`fails with CLI_AUTH_EXPIRED_ERROR "${CLI_LOGIN_EXPIRED_MESSAGE}" once the login expires`, async () => {
    const { session } = recordingSession();
    const error = await loginFromCli(session, { expiresInMillis: 300, pollIntervalMillis: 100, onLoginUrl: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliLoginError);
    expect(error).toMatchObject({ code: "CLI_AUTH_EXPIRED_ERROR", message: CLI_LOGIN_EXPIRED_MESSAGE });
    expect(session.hasSession()).toBe(false);
  });

  it(`fails with CLI_AUTH_USED_ERROR "${CLI_LOGIN_USED_MESSAGE}" when someone else took the session first`, async () => {
    let loginCode = "";
    const { session } = recordingSession(async (request, count) => {
      if (count !== 2) return;
      // Confirmed, and the polling code replayed by another party before this poll.
      await confirmAsUser(loginCode);
      const stolen = await fetch(request);
      expect(stolen.status).toBe(201);
    });
    const error = await loginFromCli(session, { pollIntervalMillis: 50, onLoginUrl: (_url, code) => (loginCode = code) }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "CliLoginError", code: "CLI_AUTH_USED_ERROR", message: CLI_LOGIN_USED_MESSAGE });
    expect(session.hasSession()).toBe(false);
  });

  it(`gives up after maxAttempts polls with "${CLI_LOGIN_TIMED_OUT_MESSAGE}", and stops when aborted`, async () => {
    const { session, polls } = recordingSession();
    await expect(loginFromCli(session, { maxAttempts: 3, pollIntervalMillis: 20, onLoginUrl: () => {} })).rejects.toMatchObject({
      code: "CLI_AUTH_ERROR",
      message: CLI_LOGIN_TIMED_OUT_MESSAGE,
    });
    expect(polls).toHaveLength(3);

    const controller = new AbortController();
    const aborted = loginFromCli(session, { onLoginUrl: () => setTimeout(() => controller.abort(), 100), signal: controller.signal });
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports a server refusal as CLI_AUTH_ERROR with the server's message", async () => {
    const session: Session = createSession({ baseUrl: server.url, projectId: "internal", storage: createMemoryStorage() });
    const error = await loginFromCli(session, { expiresInMillis: 25 * 3600_000, onLoginUrl: () => {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "CLI_AUTH_ERROR" });
    expect((error as Error).message).toMatch(/^Could not start the CLI login: /);
  });
});
