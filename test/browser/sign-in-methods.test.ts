import { afterEach, describe, expect, it } from "vitest";
import {
  callInternal,
  emailField,
  expectSignedInAs,
  fillCredentials,
  PASSWORD,
  passwordField,
  screenshots,
  signUpThroughApi,
  uniqueEmail,
  useBrowserHarness,
  type BrowserHarness,
} from "./support/browser-harness";

const harness = useBrowserHarness();

/** The internal project's sign-in settings as it starts: password on, codes and providers off. */
const DEFAULTS = { credential_enabled: true, magic_link_enabled: false, oauth_providers: [] };

async function configure(server: BrowserHarness["server"], config: Record<string, unknown>) {
  const answer = await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

afterEach(async () => {
  await configure(harness().server, DEFAULTS);
});

/** The 6-character code of the sign-in mail, as a person reads it. */
async function mailedSignInCode(mail: BrowserHarness["mail"], to: string): Promise<string> {
  const message = await mail.waitFor(to, (m) => m.subject.startsWith("Your sign-in code"));
  const code = /Your sign-in code is ([A-Z0-9]{6})\./.exec(message.text)?.[1];
  if (!code) throw new Error(`No sign-in code in:\n${message.text}`);
  return code;
}

describe("the sign-in page offers what the project enables", () => {
  it("password alone by default; password and e-mail code as tabs; code alone; provider buttons", async () => {
    const { page, server } = harness();
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: "Sign in to Gatehouse Dashboard" }).waitFor();
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await passwordField(page).count()).toBe(1);

    await configure(server, { magic_link_enabled: true });
    await page.reload();
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await page.getByRole("button", { name: "Send me a code" }).waitFor();
    expect(await passwordField(page).count()).toBe(0);

    await configure(server, { credential_enabled: false, oauth_providers: [{ id: "github", type: "shared" }, { id: "google", type: "shared" }] });
    await page.reload();
    await page.getByRole("button", { name: "Continue with GitHub" }).waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    await page.getByRole("button", { name: "Send me a code" }).waitFor();
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await passwordField(page).count()).toBe(0);
    await screenshots(page, "sign-in-code-and-providers");

    await configure(server, { credential_enabled: false, magic_link_enabled: false, oauth_providers: [] });
    await page.reload();
    await page.getByText("Signing in is switched off for this project.").waitFor();
  }, 90_000);

  it("signs in with the code typed from the mail, and a new address signs up the same way", async () => {
    const { page, server, mail } = harness();
    await configure(server, { magic_link_enabled: true });
    const email = uniqueEmail("typed-code");
    const created = await callInternal(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, otp_auth_enabled: true });
    expect(created.status).toBe(201);

    await page.goto("/handler/sign-in");
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await emailField(page).fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByText(`We sent a code to ${email}.`).waitFor();
    const code = await mailedSignInCode(mail, email);

    await page.getByRole("textbox", { name: "Sign-in code" }).fill("ZZZZZ");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Enter all 6 characters of the code.").waitFor();
    await screenshots(page, "sign-in-code-entry");
    await page.getByRole("textbox", { name: "Sign-in code" }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);

    const newcomer = uniqueEmail("code-newcomer");
    await page.goto("/handler/sign-out");
    await page.getByRole("heading", { name: "You are signed out" }).waitFor();
    await page.goto("/handler/sign-up");
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await emailField(page).fill(newcomer);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByRole("textbox", { name: "Sign-in code" }).fill(await mailedSignInCode(mail, newcomer));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, newcomer);
    const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(newcomer)}`);
    expect(users.json.items.map((user: { primary_email: string }) => user.primary_email)).toEqual([newcomer]);
  }, 90_000);

  it("says the code is wrong when the server refuses it", async () => {
    const { page, server, mail } = harness();
    await configure(server, { magic_link_enabled: true });
    const email = uniqueEmail("wrong-code");
    await callInternal(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, otp_auth_enabled: true });
    await page.goto("/handler/sign-in");
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await emailField(page).fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    const code = await mailedSignInCode(mail, email);
    const wrong = code.startsWith("A") ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    await page.getByRole("textbox", { name: "Sign-in code" }).fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("This link is not valid (any more). Ask for a new one.");
  }, 60_000);
});

describe("the return target after signing in", () => {
  it("follows an absolute after_auth_return_to on one of the project's trusted domains", async () => {
    const { page, server } = harness();
    const otherOrigin = server.url.replace("localhost", "127.0.0.1");
    await configure(server, { domains: [{ domain: otherOrigin, handler_path: "/handler" }] });
    try {
      const { primary_email: email } = { primary_email: uniqueEmail("trusted-return") };
      await signUpThroughApi(server, email);
      const target = `${otherOrigin}/?from=trusted`;
      await page.goto(`/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
      expect(await page.getByTestId("untrusted-return-target").count()).toBe(0);
      await fillCredentials(page, email, PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(target);
    } finally {
      await configure(server, { domains: [] });
    }
  }, 60_000);

  it("refuses one on a site the project does not trust: says so with SPEC's message, and lands home", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("untrusted-return");
    await signUpThroughApi(server, email);
    const target = "https://evil.example/steal";
    await page.goto(`/handler/sign-in?after_auth_return_to=${encodeURIComponent(target)}`);
    const notice = page.getByTestId("untrusted-return-target");
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Redirect URL ${target} is not trusted; should be relative.`);
    await screenshots(page, "sign-in-untrusted-return");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);
  }, 60_000);
});

describe("at phone width", () => {
  it("signs in at 390 px with nothing wider than the screen", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("phone");
    await signUpThroughApi(server, email);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: "Sign in to Gatehouse Dashboard" }).waitFor();
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  }, 60_000);
});
