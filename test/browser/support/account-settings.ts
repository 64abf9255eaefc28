import type { TestServer } from "../../harness";
import type { Page } from "playwright-core";
import { callInternal, fillCredentials, PASSWORD, signUpThroughApi, uniqueEmail } from "./browser-harness";

/** A new user, signed up through the API and signed in through the sign-in page, on the home page. */
export async function signInNewUser(page: Page, server: TestServer, label = "settings") {
  const email = uniqueEmail(label);
  const tokens = await signUpThroughApi(server, email);
  await page.goto("/handler/sign-in");
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${server.url}/`);
  return { email, userId: tokens.user_id, tokens };
}

/** Loads one section of account settings (`teams`, `teams/<team id>`, `api-keys`). */
export async function openSettings(page: Page, section: string) {
  await page.goto(`/handler/account-settings#${section}`);
  await page.getByRole("heading", { name: "Account settings" }).waitFor();
}

/**
 * Sets some of the internal project's config for the length of `run`, then puts back what was
 * there, so that the other tests of the file see the project as it was.
 */
export async function withProjectConfig(server: TestServer, config: Record<string, unknown>, run: () => Promise<void>) {
  const current = await callInternal(server, "admin", "GET", "/internal/projects/current");
  const before = Object.fromEntries(Object.keys(config).map((key) => [key, current.json.config[key]]));
  await setProjectConfig(server, config);
  try {
    await run();
  } finally {
    await setProjectConfig(server, before);
  }
}

export async function setProjectConfig(server: TestServer, config: Record<string, unknown>) {
  const response = await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config });
  if (response.status !== 200) throw new Error(`PATCH /internal/projects/current answered ${response.status}: ${JSON.stringify(response.json)}`);
}

/** Waits for running CSS transitions (a dialog opening or closing) to finish, for screenshots of what a person would see. */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

/** A new user, signed in through the sign-in page, on the account settings' `section`. */
export async function signedInOnSettings(page: Page, server: TestServer, label: string, section: string) {
  const user = await signInNewUser(page, server, label);
  await openSettings(page, section);
  return user;
}

/** Presses the confirming button of the dialog titled `dialogTitle` and waits for the dialog to close. */
export async function confirmIn(page: Page, dialogTitle: string, button: string) {
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await dialog.getByRole("button", { name: button }).click();
  await dialog.waitFor({ state: "detached" });
}
