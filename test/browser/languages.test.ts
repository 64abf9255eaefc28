/**
 * The handler pages in the visitor's language: the browser's by default, else the one chosen in
 * the picker under every page, which this browser remembers. Each test opens its own browser
 * context with a language (Playwright's `locale` sets navigator.languages and Accept-Language).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { DESKTOP, PASSWORD, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

let opened: BrowserContext | null = null;
let pageErrors: string[] = [];

/** A page in a browser whose language is `locale`, failing the test on any uncaught error in it. */
async function pageIn(locale: string): Promise<Page> {
  const { context, server } = harness();
  const browser = context.browser();
  if (!browser) throw new Error("The harness's context has no browser.");
  opened = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale });
  const page = await opened.newPage();
  pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

afterEach(async () => {
  await opened?.close();
  opened = null;
  expect(pageErrors, "uncaught errors in the page").toEqual([]);
});

const htmlLang = (page: Page) => page.evaluate<string>(`document.documentElement.lang`);

/** The sign-in form's fields by their names in the page's language (a tab panel is labelled by its tab, hence the input type). */
const emailField = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const passwordField = (page: Page, name: string) => page.locator("input[type=password]").and(page.getByLabel(name, { exact: true }));

describe("languages", () => {
  it("shows the sign-in page in German to a German browser", async () => {
    const page = await pageIn("de-DE");
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: /^Bei .+ anmelden$/ }).waitFor();
    expect(await htmlLang(page)).toBe("de");
    await emailField(page, "E-Mail").waitFor();
    await passwordField(page, "Passwort").waitFor();
    await page.getByRole("button", { name: "Anmelden", exact: true }).waitFor();
    await page.getByRole("link", { name: "Passwort vergessen?" }).waitFor();
    expect(await page.getByRole("combobox", { name: "Sprache" }).inputValue()).toBe("de");
    expect(await page.title()).toMatch(/^Bei .+ anmelden · Gatehouse$/);
    await screenshots(page, "languages-sign-in-de");
  }, 60_000);

  it("switches to the language chosen in the picker at once, and keeps it after a reload", async () => {
    const page = await pageIn("de-DE");
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: /^Bei .+ anmelden$/ }).waitFor();

    await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "日本語" });
    await page.getByRole("heading", { name: /^.+ にサインイン$/ }).waitFor();
    await page.getByRole("button", { name: "サインイン", exact: true }).waitFor();
    expect(await htmlLang(page)).toBe("ja");
    expect(await page.getByRole("combobox", { name: "言語" }).inputValue()).toBe("ja");

    await page.reload();
    await page.getByRole("heading", { name: /^.+ にサインイン$/ }).waitFor();
    expect(await htmlLang(page)).toBe("ja");
    await emailField(page, "メールアドレス").waitFor();
    await passwordField(page, "パスワード").waitFor();
    await screenshots(page, "languages-sign-in-ja");
  }, 60_000);

  it("says in French that the password is wrong", async () => {
    const { server } = harness();
    const email = uniqueEmail("langue");
    await signUpThroughApi(server, email);
    const page = await pageIn("fr-FR");
    await page.goto("/handler/sign-in");
    await emailField(page, "E-mail").fill(email);
    await passwordField(page, "Mot de passe").fill(`${PASSWORD} (pas celui-ci)`);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Adresse e-mail ou mot de passe incorrect.");
    expect(new URL(page.url()).pathname).toBe("/handler/sign-in");
  }, 60_000);

  it("checks the sign-up form in Spanish", async () => {
    const page = await pageIn("es-ES");
    await page.goto("/handler/sign-up");
    await page.getByRole("heading", { name: /^Crea tu cuenta de .+$/ }).waitFor();
    expect(await htmlLang(page)).toBe("es");

    await page.getByRole("button", { name: "Registrarse", exact: true }).click();
    await page.getByText("Escribe tu correo electrónico.").waitFor();
    await page.getByText("Elige una contraseña.").waitFor();

    await emailField(page, "Correo electrónico").fill("ada@example");
    await passwordField(page, "Contraseña").fill("corta");
    await page.getByRole("button", { name: "Registrarse", exact: true }).click();
    await page.getByText("Escribe un correo completo, como ada@example.com.").waitFor();
    await page.getByText("La contraseña es demasiado corta: usa al menos 8 caracteres.").waitFor();
    expect(await emailField(page, "Correo electrónico").getAttribute("aria-invalid")).toBe("true");
    await page.getByText("De 8 a 70 caracteres.").waitFor();
    await screenshots(page, "languages-sign-up-invalid-es");
  }, 60_000);

  it("writes the mail a page asks for in the language chosen there, over the browser's", async () => {
    const { server, mail } = harness();
    const email = uniqueEmail("sprache");
    await signUpThroughApi(server, email);
    const page = await pageIn("de-DE");
    await page.goto("/handler/forgot-password");
    await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "日本語" });
    await page.waitForFunction(() => document.documentElement.lang === "ja");
    await page.locator("input[name=email]").fill(email);
    await page.locator("form button[type=submit]").click();
    const message = await mail.waitFor(email);
    expect(message.subject).toMatch(/^.+ のパスワードの再設定$/);
    expect(message.html).toMatch(/<html [^>]*lang="ja"/);
  }, 60_000);

  it("keeps the dashboard in English for a German browser, and the handler pages German around it", async () => {
    const { server } = harness();
    const tokens = await signUpThroughApi(server, uniqueEmail("dashboard-de"));
    const page = await pageIn("de-DE");
    await page.goto("/handler/sign-in");
    await page.evaluate(({ access, refresh }) => {
      localStorage.setItem("gatehouse:internal:access-token", access);
      localStorage.setItem("gatehouse:internal:refresh-token", refresh);
    }, { access: tokens.access_token, refresh: tokens.refresh_token });

    await page.goto("/dashboard");
    await page.getByText("No projects yet").waitFor();
    expect(await htmlLang(page)).toBe("en");
    await page.getByRole("button", { name: "Switch to the dark theme" }).waitFor();

    await page.goto("/handler/account-settings");
    await page.getByRole("heading", { name: "Kontoeinstellungen", level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe("de");
  }, 60_000);
});
