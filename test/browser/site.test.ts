import { afterEach, describe, expect, it } from "vitest";
import { callInternal, expectSignedInAs, fillCredentials, mailedLink, PASSWORD, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

async function setHandlerPath(handlerPath: string | null) {
  const { server } = harness();
  const domains = handlerPath === null ? [] : [{ domain: server.url, handler_path: handlerPath }];
  const res = await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { domains } });
  expect(res.status).toBe(200);
}

afterEach(() => setHandlerPath(null));

describe("unknown paths", () => {
  it("answer 404 with the app's not-found page, while the app's pages answer 200", async () => {
    const { page } = harness();
    for (const path of ["/no-such-page", "/handler/no-such-page", "/handler"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      expect(await page.title()).toBe("Page not found · Gatehouse");
    }
    await screenshots(page, "not-found");
    for (const path of ["/", "/handler/sign-in", "/handler/forgot-password", "/handler/password-reset", "/handler/email-verification", "/handler/magic-link-callback"]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    await page.goto("/handler/no-such-page");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.getByRole("heading", { name: "Welcome to Gatehouse" }).waitFor();
  }, 60_000);
});

describe("the handler path", () => {
  it("follows the project's trusted domain for this site: pages, links and mailed links move with it", async () => {
    const { page, server, mail } = harness();
    await setHandlerPath("/account");

    expect((await page.goto("/handler/sign-up"))?.status()).toBe(404);
    expect((await page.goto("/"))?.status()).toBe(200);
    await page.getByRole("link", { name: "Create an account" }).first().click();
    expect(new URL(page.url()).pathname).toBe("/account/sign-up");

    const email = uniqueEmail("moved");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expectSignedInAs(page, server, email);
    const link = await mailedLink(mail, email, "/account/email-verification");
    await page.goto(link);
    await page.getByRole("button", { name: "Verify e-mail address" }).click();
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();

    await page.goto("/");
    expect(await page.getByRole("link", { name: "Sign out" }).first().getAttribute("href")).toBe("/account/sign-out");
  }, 90_000);
});
