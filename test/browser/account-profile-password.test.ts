import { describe, expect, it } from "vitest";
import {
  callInternal,
  fillCredentials,
  PASSWORD,
  passwordField,
  screenshots,
  signInWithTokens,
  signUpThroughApi,
  uniqueEmail,
  useBrowserHarness,
  type BrowserHarness,
} from "./support/browser-harness";

const harness = useBrowserHarness();

async function signInThroughPage(page: BrowserHarness["page"], email: string, password = PASSWORD) {
  await page.goto("/handler/sign-in");
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("current-user").waitFor();
}

const userOf = (server: BrowserHarness["server"], userId: string) => callInternal(server, "server", "GET", `/users/${userId}`);

describe("account settings: profile", () => {
  it("sends a signed-out visitor to sign in and back to the section asked for", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("settings-redirect");
    await signUpThroughApi(server, email);
    await page.goto("/handler/account-settings#password");
    await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=/);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/handler/account-settings#password`);
    await page.getByRole("heading", { name: "Password", exact: true }).waitFor();
  }, 60_000);

  it("saves a display name, refuses one that is too long before sending it, and clears it", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("settings-name");
    const { user_id: userId } = await signUpThroughApi(server, email);
    await signInThroughPage(page, email);
    await page.goto("/handler/account-settings#profile");
    const name = page.getByLabel("Display name");
    await name.fill("Ada Lovelace");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name is saved.").waitFor();
    expect((await userOf(server, userId)).json.display_name).toBe("Ada Lovelace");
    // The header's menu shows the new name at once.
    await page.getByRole("button", { name: "Account menu for Ada Lovelace" }).waitFor();

    await name.fill("x".repeat(257));
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Use at most 256 characters.").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect((await userOf(server, userId)).json.display_name).toBe("Ada Lovelace");
    await screenshots(page, "account-profile-invalid");

    await name.fill("");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(async () => (await userOf(server, userId)).json.display_name).toBeNull();
  }, 60_000);

  it("uploads a large picture made small enough for the server, and removes it", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("settings-picture");
    const { user_id: userId } = await signUpThroughApi(server, email);
    await signInThroughPage(page, email);
    await page.goto("/handler/account-settings#profile");
    // A photo-sized picture of noise, which no encoder can squeeze: over 1 MB as PNG.
    const noise = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 800;
      canvas.height = 600;
      const context = canvas.getContext("2d")!;
      const pixels = context.createImageData(800, 600);
      crypto.getRandomValues(pixels.data.subarray(0, 65536));
      for (let i = 65536; i < pixels.data.length; i += 65536) crypto.getRandomValues(pixels.data.subarray(i, Math.min(i + 65536, pixels.data.length)));
      for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL("image/png");
    });
    const picture = Buffer.from(noise.slice(noise.indexOf(",") + 1), "base64");
    expect(picture.length).toBeGreaterThan(1_000_000);

    await page.locator("input[type=file]").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    await page.getByText("Your picture is saved.").waitFor();
    const saved = (await userOf(server, userId)).json.profile_image_url as string;
    expect(saved).toMatch(/^data:image\/(webp|png);base64,/);
    expect(Buffer.from(saved.slice(saved.indexOf(",") + 1), "base64").length).toBeLessThan(100 * 1024);
    await page.getByRole("img", { name: "Your profile picture" }).waitFor();
    await screenshots(page, "account-profile-picture");

    await page.locator("input[type=file]").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await page.getByText("Choose a PNG, JPEG, WebP or GIF image.").waitFor();

    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("Your picture is removed.").waitFor();
    expect((await userOf(server, userId)).json.profile_image_url).toBeNull();
  }, 60_000);
});

describe("account settings: password", () => {
  it("changes the password: a wrong current one is refused, the new one signs in, the old one no longer does", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("settings-password");
    await signUpThroughApi(server, email);
    await signInThroughPage(page, email);
    await page.goto("/handler/account-settings#password");
    const newPassword = "a whole new passphrase";

    await passwordField(page, "Current password").fill("not my password");
    await passwordField(page, "New password").fill(newPassword);
    await passwordField(page, "Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Your current password is not right.");

    await passwordField(page, "Repeat the new password").fill("something else");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Passwords do not match.").waitFor();
    await screenshots(page, "account-password-mismatch");

    await passwordField(page, "Current password").fill(PASSWORD);
    await passwordField(page, "Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password is changed.", { exact: false }).waitFor();

    const withNew = await callInternal(server, "client", "POST", "/auth/password/sign-in", { email, password: newPassword });
    expect(withNew.status).toBe(200);
    const withOld = await callInternal(server, "client", "POST", "/auth/password/sign-in", { email, password: PASSWORD });
    expect(withOld.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
  }, 60_000);

  it("sets a first password for an account made without one", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("settings-first-password");
    const created = await callInternal(server, "server", "POST", "/users", { primary_email: email, primary_email_auth_enabled: true });
    const session = await callInternal(server, "server", "POST", "/auth/sessions", { user_id: created.json.id });
    await signInWithTokens(page, session.json);
    await page.goto("/handler/account-settings#password");
    await page.getByText("Your account has no password yet.", { exact: false }).waitFor();
    await passwordField(page, "New password").fill("short");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByText("The password is too short: use at least 8 characters.").waitFor();
    await passwordField(page, "New password").fill(PASSWORD);
    await passwordField(page, "Repeat the new password").fill(PASSWORD);
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByText("Your password is set.").waitFor();
    // The section turns into the change form.
    await passwordField(page, "Current password").waitFor();
    expect((await callInternal(server, "client", "POST", "/auth/password/sign-in", { email, password: PASSWORD })).status).toBe(200);
    await screenshots(page, "account-password-set");
  }, 60_000);
});
