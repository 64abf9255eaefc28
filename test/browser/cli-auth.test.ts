/**
 * CLI login through the cli-auth-confirm page: a tool (the client helper, as a CLI runs it)
 * starts the login and polls; the person opens its link signed out, signs in, confirms, and
 * the tool's session works. Then the links that can no longer be confirmed.
 */
import { loginFromCli } from "@gatehouse/clients/cli-login";
import { createGatehouseClient } from "@gatehouse/clients/fetch";
import { createMemoryStorage, createSession } from "@gatehouse/clients/session";
import { describe, expect, it } from "vitest";
import { callInternal, fillCredentials, PASSWORD, screenshots, signInWithTokens, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

/** A login started through the API, as a tool would, and its confirm link. */
async function startedLogin(expiresInMillis?: number) {
  const { server } = harness();
  const started = await callInternal(server, "client", "POST", "/auth/cli", expiresInMillis === undefined ? {} : { expires_in_millis: expiresInMillis });
  expect(started.status).toBe(200);
  const { login_code, polling_code } = started.json as { login_code: string; polling_code: string };
  return { url: `/handler/cli-auth-confirm?login_code=${login_code}`, pollingCode: polling_code };
}

describe("the cli-auth-confirm page", () => {
  it("sends a signed-out visitor to sign in and back, confirms, and the polling tool gets a working session", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("cli");
    await signUpThroughApi(server, email);

    // The tool: the client helper, polling every 2 s until the person confirms.
    const session = createSession({ baseUrl: server.url, projectId: "internal", storage: createMemoryStorage() });
    let showLink!: (url: string) => void;
    const link = new Promise<string>((resolve) => (showLink = resolve));
    const tool = loginFromCli(session, { onLoginUrl: (url) => showLink(url) });
    const url = await link;
    expect(url).toMatch(new RegExp(`^${server.url}/handler/cli-auth-confirm\\?login_code=[A-Z0-9]{45}$`));

    await page.goto(url);
    await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
    expect(new URL(page.url()).searchParams.get("after_auth_return_to")).toBe(new URL(url).pathname + new URL(url).search);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    await page.waitForURL(url);
    await page.getByRole("heading", { name: "Command-line sign-in" }).waitFor();
    expect(await page.getByText("A command-line tool is asking").textContent()).toContain(email);
    await screenshots(page, "cli-auth-confirm");

    await page.getByRole("button", { name: "Confirm sign-in" }).click();
    await page.getByRole("heading", { name: "The command-line tool is signed in" }).waitFor();
    await screenshots(page, "cli-auth-confirmed");

    // The tool's next poll takes the session; its refresh token works, and is not the browser's.
    const refreshToken = await tool;
    const { data: me } = await createGatehouseClient({ baseUrl: server.url, projectId: "internal", session }).GET("/users/me");
    expect(me?.primary_email).toBe(email);
    const browserRefreshToken = await page.evaluate<string | null>(`localStorage.getItem("gatehouse:internal:refresh-token")`);
    expect(refreshToken).not.toBe(browserRefreshToken);

    // The same link again: used.
    await page.goto(url);
    await page.getByRole("heading", { name: "This login link has already been used" }).waitFor();
    await screenshots(page, "cli-auth-used");
  }, 90_000);

  it("says so for an expired link and an unknown one, signed out, without asking to sign in", async () => {
    const { page } = harness();
    const expired = await startedLogin(1);
    await page.goto(expired.url);
    await page.getByRole("heading", { name: "This login link has expired" }).waitFor();
    expect(page.url()).toContain("/handler/cli-auth-confirm");
    await screenshots(page, "cli-auth-expired");

    await page.goto(`/handler/cli-auth-confirm?login_code=${"A".repeat(45)}`);
    await page.getByRole("heading", { name: "This login link is not valid" }).waitFor();
    await screenshots(page, "cli-auth-unknown");

    await page.goto("/handler/cli-auth-confirm");
    await page.getByRole("heading", { name: "This login link is incomplete" }).waitFor();
  }, 60_000);

  it("shows the link as expired when it expires while the page is open, and the tool reads expired", async () => {
    const { page, server } = harness();
    const tokens = await signUpThroughApi(server, uniqueEmail("cli-late"));
    await signInWithTokens(page, tokens);
    const login = await startedLogin(3000);
    await page.goto(login.url);
    const confirm = page.getByRole("button", { name: "Confirm sign-in" });
    await confirm.waitFor();
    await new Promise((resolve) => setTimeout(resolve, 3200));
    await confirm.click();
    await page.getByRole("heading", { name: "This login link has expired" }).waitFor();
    const polled = await callInternal(server, "client", "POST", "/auth/cli/poll", { polling_code: login.pollingCode });
    expect(polled.json).toEqual({ status: "expired" });
  }, 60_000);
});
