import type { RunningTestServer } from "@gatehouse/server/testing";
import type { Page } from "playwright-core";
import { fillCredentials, PASSWORD, signUpThroughApi, uniqueEmail } from "./browser-harness";

/** A new user, signed in through the sign-in page, on the account settings' `section`. */
export async function signedInOnSettings(page: Page, server: RunningTestServer, label: string, section: string) {
  const email = uniqueEmail(label);
  const tokens = await signUpThroughApi(server, email);
  await page.goto("/handler/sign-in");
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
  await page.goto(`/handler/account-settings#${section}`);
  return { email, userId: tokens.user_id, tokens };
}

/** Waits for running animations (a dialog fading in) to end, so a screenshot shows where they land. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(`document.getAnimations().every((animation) => animation.playState !== "running")`);
}
