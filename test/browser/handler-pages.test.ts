import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { callInternal, PASSWORD, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

const base64Url = (bytes: Buffer) => bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("sign-in with an OAuth provider: the browser's side of the wire (CONTRACT auth/oauth)", () => {
  // oauth-sign-in.test.ts runs the whole flow through a real provider stand-in; here the two
  // server routes are stubbed, so the exact authorize query, the verifier cookie and its
  // single use are pinned on their own.
  it("goes to the authorize URL with a PKCE challenge, and the callback trades the code with the kept verifier, once", async () => {
    const { page, server, context } = harness();
    await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { oauth_providers: [{ id: "github", type: "shared" }] } });
    try {
      await page.route("**/api/v1/auth/oauth/authorize/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>the provider</p>" }));
      await page.goto("/handler/sign-in?after_auth_return_to=%2F%3Ffrom%3Doauth");
      await page.getByRole("button", { name: "Continue with GitHub" }).click();
      await page.waitForURL("**/api/v1/auth/oauth/authorize/github?**");
      const authorize = new URL(page.url());
      const query = Object.fromEntries(authorize.searchParams);
      expect(query).toMatchObject({
        client_id: "internal",
        client_secret: "__stack_public_client__",
        redirect_uri: `${server.url}/handler/oauth-callback`,
        error_redirect_url: `${server.url}/handler/error`,
        after_callback_redirect_url: "/?from=oauth",
        grant_type: "authorization_code",
        response_type: "code",
        code_challenge_method: "S256",
        type: "authenticate",
      });
      const cookie = (await context.cookies()).find((c) => c.name === `stack-oauth-outer-${query.state}`);
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(base64Url(createHash("sha256").update(cookie!.value).digest())).toBe(query.code_challenge);

      const email = uniqueEmail("oauth");
      const tokens = await signUpThroughApi(server, email);
      const traded: Record<string, string>[] = [];
      await page.route("**/api/v1/auth/oauth/token", async (route) => {
        traded.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? "")));
        await route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, is_new_user: false, after_callback_redirect_url: "/?from=oauth" }),
        });
      });
      await page.goto(`/handler/oauth-callback?code=provider-code&state=${query.state}`);
      await page.waitForURL(`${server.url}/?from=oauth`);
      await page.getByTestId("current-user").getByText(email).waitFor();
      expect(traded).toEqual([
        {
          grant_type: "authorization_code",
          code: "provider-code",
          redirect_uri: `${server.url}/handler/oauth-callback`,
          code_verifier: cookie!.value,
          client_id: "internal",
          client_secret: "__stack_public_client__",
        },
      ]);
      expect((await context.cookies()).some((c) => c.name.startsWith("stack-oauth-outer-"))).toBe(false);

      // The same callback URL again finds no verifier: nothing is traded.
      await page.goto(`/handler/oauth-callback?code=provider-code&state=${query.state}`);
      await page.getByRole("heading", { name: "Nothing to finish here" }).waitFor();
      expect(traded).toHaveLength(1);
    } finally {
      await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { oauth_providers: [] } });
    }
  }, 90_000);

  it("shows each provider's logo beside its name; the logo is decorative, the button is named by the words", async () => {
    const { page, server } = harness();
    const providers = { google: "Google", github: "GitHub", microsoft: "Microsoft", spotify: "Spotify", facebook: "Facebook", discord: "Discord", gitlab: "GitLab", bitbucket: "Bitbucket", linkedin: "LinkedIn", apple: "Apple", x: "X", twitch: "Twitch" };
    await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { oauth_providers: Object.keys(providers).map((id) => ({ id, type: "shared" })) } });
    try {
      await page.goto("/handler/sign-in");
      for (const [id, name] of Object.entries(providers)) {
        const button = page.getByRole("button", { name: `Continue with ${name}`, exact: true });
        const logo = button.locator(`svg[data-provider-icon="${id}"]`);
        expect(await logo.getAttribute("aria-hidden"), name).toBe("true");
        expect(await logo.isVisible(), name).toBe(true);
      }
      await screenshots(page, "sign-in-oauth-logos");
    } finally {
      await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { oauth_providers: [] } });
    }
  }, 60_000);

  it("shows the provider's refusal, and the address bar forgets the callback's query", async () => {
    const { page } = harness();
    await page.goto("/handler/oauth-callback?error=access_denied&error_description=You%20said%20no%20at%20the%20provider.&state=x");
    await page.getByRole("heading", { name: "The sign-in did not work" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("You said no at the provider.");
    expect(new URL(page.url()).search).toBe("");
    await screenshots(page, "oauth-callback-refused");
  }, 60_000);
});

describe("the error page", () => {
  it("shows what the link says as text, never as markup", async () => {
    const { page } = harness();
    const message = '<img src=x onerror="window.pwned=1">Your session could not be started.';
    await page.goto(`/handler/error?errorCode=SOME_CODE&message=${encodeURIComponent(message)}`);
    expect(await page.getByRole("alert").textContent()).toBe(message);
    await page.getByText("SOME_CODE").waitFor();
    expect(await page.locator("main img[src=x]").count()).toBe(0);
    expect(await page.evaluate("window.pwned")).toBeUndefined();
    await page.goto("/handler/error?errorCode=CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
    await page.getByText("This e-mail address already signs in to another account.", { exact: false }).waitFor();
    await screenshots(page, "error-page");
  }, 60_000);
});

describe("themes", () => {
  it("switches to the dark theme and keeps it after a reload", async () => {
    const { page } = harness();
    await page.goto("/handler/sign-in");
    const scheme = () => page.evaluate(`document.documentElement.getAttribute("data-mantine-color-scheme")`);
    expect(await scheme()).toBe("light");
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    expect(await scheme()).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to the light theme" }).waitFor();
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await scheme()).toBe("dark");
    await screenshots(page, "sign-in-dark");

    // Before any script of the app has run, the page is already dark: no white flash.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await scheme()).toBe("dark");
    expect(await page.getByRole("button").count()).toBe(0);
    await page.unroute("**/assets/*.js");
  }, 30_000);
});

describe("keyboard use", () => {
  it("signs in and opens account settings from the account menu with the keyboard alone", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("keyboard");
    await signUpThroughApi(server, email);
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: "Sign in to Gatehouse Dashboard" }).waitFor();
    const focused = () => page.evaluate(`document.activeElement?.getAttribute("name") ?? document.activeElement?.textContent`);
    // From the top of the page: home link, theme switch, Sign in, Sign up, then the form.
    for (let presses = 0; presses < 10 && (await focused()) !== "email"; presses++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("email");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("password");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByTestId("current-user").getByText(email).waitFor();

    await page.getByRole("button", { name: `Account menu for ${email}` }).focus();
    await page.keyboard.press("Enter");
    const settingsItem = page.getByRole("menuitem", { name: "Account settings" });
    await settingsItem.waitFor();
    // The dropdown takes focus once its opening transition ends; arrow down until the item has it.
    for (let presses = 0; presses < 20 && !(await settingsItem.evaluate((item) => item === document.activeElement)); presses++) {
      await page.keyboard.press("ArrowDown");
      await page.waitForTimeout(50);
    }
    await expect.poll(() => settingsItem.evaluate((item) => item === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/handler/account-settings");
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
  }, 60_000);
});
