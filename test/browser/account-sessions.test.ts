import type { TestServer } from "../harness";
import { describe, expect, it } from "vitest";
import { callInternal, PASSWORD, refreshWith, screenshots, useBrowserHarness } from "./support/browser-harness";
import { settled, signedInOnSettings } from "./support/account-settings";

const harness = useBrowserHarness();

async function sessionIdsOf(server: TestServer, userId: string): Promise<string[]> {
  const response = await callInternal(server, "server", "GET", `/auth/sessions?user_id=${userId}`);
  expect(response.status).toBe(200);
  return (response.json.items as Array<{ id: string }>).map((session) => session.id);
}

/** Opens a session for the user through the API; returns its id and refresh token. */
async function openSession(server: TestServer, userId: string, open: () => Promise<{ refresh_token: string }>) {
  const before = await sessionIdsOf(server, userId);
  const { refresh_token: refreshToken } = await open();
  const id = (await sessionIdsOf(server, userId)).find((candidate) => !before.includes(candidate));
  expect(id).toBeDefined();
  return { id: id!, refreshToken };
}

const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Signs in as a browser with `userAgent` would. */
async function signInThroughApi(server: TestServer, email: string, userAgent: string) {
  const response = await fetch(`${server.url}/api/v1/auth/password/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client", "user-agent": userAgent },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { refresh_token: string };
}

describe("account settings: sessions", () => {
  it("lists the sessions, revokes one, refuses one that had already ended, and signs out of all the others", async () => {
    const { page, server } = harness();
    const { email, userId, tokens } = await signedInOnSettings(page, server, "sessions", "sessions");
    const laptop = await openSession(server, userId, () => signInThroughApi(server, email, WINDOWS_CHROME));
    const phone = await openSession(server, userId, () => signInThroughApi(server, email, IPHONE_SAFARI));
    const support = await openSession(server, userId, async () => {
      const response = await callInternal(server, "server", "POST", "/auth/sessions", { user_id: userId, is_impersonation: true });
      expect(response.status).toBe(200);
      return response.json;
    });
    await page.reload();

    const section = page.getByRole("region", { name: "Sessions" });
    const item = (id: string) => section.locator(`li[data-session-id="${id}"]`);
    // Sign-up's session, the page's own, and the two sign-ins. The impersonation session is an
    // admin's, so the user does not see it (clients are not shown them, as in Stack Auth).
    await section.getByRole("listitem").nth(3).waitFor();
    expect(await section.getByRole("listitem").count()).toBe(4);
    const current = section.getByRole("listitem", { name: "This device" });
    expect(await current.getByText("This device", { exact: true }).count()).toBe(1);
    expect(await current.getByRole("button", { name: /Revoke/ }).count()).toBe(0);
    expect(await current.getByRole("link", { name: "Sign out" }).getAttribute("href")).toBe("/handler/sign-out");
    expect(await section.getByRole("listitem").first().getAttribute("aria-label")).toBe("This device");
    expect(await item(support.id).count()).toBe(0);
    expect(await item(laptop.id).getByText("Impersonation", { exact: true }).count()).toBe(0);
    expect(await item(laptop.id).textContent()).toContain("last used just now");
    expect(await item(laptop.id).textContent()).toContain("IP address 127.0.0.1");
    // Each session names its device and browser, from the user agent it signed in with.
    await item(laptop.id).getByText("Chrome on Windows", { exact: true }).waitFor();
    await item(phone.id).getByText("Safari on iOS", { exact: true }).waitFor();
    expect(await current.getByText(/ on Linux$/).count()).toBe(1);
    await screenshots(page, "account-sessions");

    await item(laptop.id).getByRole("button", { name: /^Revoke/ }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this session?" });
    await dialog.getByText("will be signed out", { exact: false }).waitFor();
    await settled(page);
    await screenshots(page, "account-sessions-revoke");
    await dialog.getByRole("button", { name: "Revoke session" }).click();
    await item(laptop.id).waitFor({ state: "detached" });
    await page.getByText("is revoked.", { exact: false }).waitFor();
    // Its Revoke button is gone, so the focus lands on the list.
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(`document.activeElement?.getAttribute("aria-label") === "Your sessions"`);
    expect(await sessionIdsOf(server, userId)).not.toContain(laptop.id);
    expect(await refreshWith(server.url, laptop.refreshToken)).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect(await refreshWith(server.url, phone.refreshToken)).toBe("ok");

    // Revoked elsewhere while this page still lists it.
    expect((await callInternal(server, "server", "DELETE", `/auth/sessions/${phone.id}`, {})).status).toBe(200);
    await item(phone.id).getByRole("button", { name: /^Revoke/ }).click();
    await dialog.getByRole("button", { name: "Revoke session" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("This session had already ended: it was revoked elsewhere or it expired.");
    // The refusal showed the list was out of date, so it was read again.
    await item(phone.id).waitFor({ state: "detached" });
    await page.keyboard.press("Escape");

    await section.getByRole("button", { name: "Sign out of all other sessions" }).click();
    const all = page.getByRole("dialog", { name: "Sign out of all other sessions?" });
    await all.getByText("The other browser or app signed in to your account will be signed out.", { exact: false }).waitFor();
    await all.getByRole("button", { name: "Sign out other sessions" }).click();
    await page.getByText("You are signed out of every other session.").waitFor();
    await section.getByText("You are signed in only here.").waitFor();
    await all.waitFor({ state: "detached" });
    await page.waitForFunction(`document.activeElement?.getAttribute("aria-label") === "Your sessions"`);
    // What is left: this page's session, and the admin's impersonation session, not the user's to end.
    const left = await sessionIdsOf(server, userId);
    expect(left).toHaveLength(2);
    expect(left).toContain(support.id);
    expect(await refreshWith(server.url, tokens.refresh_token)).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    // This page's own session lives on.
    const own = await page.evaluate<string | null>(`localStorage.getItem("gatehouse:internal:refresh-token")`);
    expect(await refreshWith(server.url, own ?? "")).toBe("ok");
    await screenshots(page, "account-sessions-only-here");
  }, 120_000);

  it("shows where a session was last used, and the exact times on request", async () => {
    const { page, server } = harness();
    await page.route("**/api/v1/auth/sessions?user_id=me", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const session of body.items) {
        session.last_used_at_end_user_ip_info = { ip: "203.0.113.7", cityName: "Lisbon", regionCode: "11", countryCode: "PT" };
        session.created_at -= 3 * 24 * 3600 * 1000;
      }
      await route.fulfill({ response, json: body });
    });
    await signedInOnSettings(page, server, "sessions-where", "sessions");
    const current = page.getByRole("region", { name: "Sessions" }).getByRole("listitem", { name: "This device" });
    await current.getByText("IP address 203.0.113.7 · Lisbon, 11, Portugal").waitFor();
    const started = current.locator("time").first();
    expect(await started.textContent()).toBe("3 days ago");
    await started.focus();
    const tooltip = page.getByRole("tooltip");
    await tooltip.waitFor();
    const exact = new Date(await started.getAttribute("datetime") ?? "");
    expect(await tooltip.textContent()).toContain(String(exact.getFullYear()));
  }, 60_000);
});
