import { describe, expect, it } from "vitest";
import { emailField, expectSignedInAs, fillCredentials, PASSWORD, passwordField, refreshWith, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

describe("sign-up, sign-in and sign-out", () => {
  it("signs up, shows the user, signs out, and signs back in", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("journey");

    await page.goto("/handler/sign-up");
    await screenshots(page, "sign-up");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expectSignedInAs(page, server, email);
    expect(await page.getByTestId("email-status").textContent()).toBe("Not verified yet");
    // Sign-up says that it sent the verification e-mail.
    await page.getByText(`A link to verify ${email} is on its way.`).waitFor();
    expect(await page.title()).toBe("Signed in · Gatehouse");
    await screenshots(page, "home-signed-in");

    const refreshToken = await page.evaluate<string | null>(`localStorage.getItem("gatehouse:internal:refresh-token")`);
    expect(refreshToken).toBeTruthy();
    expect(await refreshWith(server.url, refreshToken ?? "")).toBe("ok");

    await page.goto("/handler/sign-out");
    await page.getByRole("heading", { name: "You are signed out" }).waitFor();
    // A string, not a function: this package type-checks without the DOM library.
    const stored = await page.evaluate<string[]>(`Object.keys(localStorage).filter((key) => key.startsWith("gatehouse:"))`);
    expect(stored).toEqual([]);
    expect(await refreshWith(server.url, refreshToken ?? "")).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    await page.goto("/");
    await page.getByText("You are not signed in.").waitFor();

    await page.goto("/handler/sign-in");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);
  }, 90_000);

  it("tells the user when the password is wrong", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("wrong-password");
    await signUpThroughApi(server, email);

    await page.goto("/handler/sign-in");
    await fillCredentials(page, email, "not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Wrong e-mail or password.");
    expect(new URL(page.url()).pathname).toBe("/handler/sign-in");
    await screenshots(page, "sign-in-error");
  }, 60_000);

  it("checks the form before sending it: e-mail shape, password length, each message at its field", async () => {
    const { page } = harness();
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/auth/")) requests.push(request.url());
    });

    await page.goto("/handler/sign-up");
    await fillCredentials(page, "ada@example", "short");
    await page.getByRole("button", { name: "Sign up" }).click();
    const email = emailField(page);
    await page.getByText("Enter a whole e-mail address, such as ada@example.com.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(`document.activeElement?.getAttribute("name")`)).toBe("email");
    const password = passwordField(page);
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await password.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(descriptions).toContain("The password is too short: use at least 8 characters.");
    await screenshots(page, "sign-up-invalid");

    await password.fill("x".repeat(71));
    await email.fill(uniqueEmail("long"));
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("The password is too long: use at most 70 characters.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBeNull();
    expect(requests).toEqual([]);
  }, 60_000);

  it("shows the server's refusal when the form was fine but the account exists", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("taken");
    await signUpThroughApi(server, email);
    await page.goto("/handler/sign-up");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("An account with this e-mail already exists. Sign in instead.");
  }, 60_000);

  it("offers a password reset from the sign-in page, keeping the return target", async () => {
    const { page } = harness();
    await page.goto("/handler/sign-in?after_auth_return_to=%2Fsomewhere");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/handler/forgot-password?after_auth_return_to=%2Fsomewhere");
  }, 60_000);

  it("ignores a return target on another site", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("return-to");
    await signUpThroughApi(server, email);
    await page.goto(`/handler/sign-in?after_auth_return_to=${encodeURIComponent("//evil.example/steal")}`);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);
  }, 60_000);
});
