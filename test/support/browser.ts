/**
 * The React app in real Chromium (Debian's, through playwright-core), served by a test server
 * with a real SMTP catcher, for the enclosing test file: pages open at a given viewport, and
 * any uncaught error in a page fails the test that opened it.
 */
import { startMailCatcher, startTestServer, type MailCatcher, type RunningTestServer } from "@gatehouse/server/testing";
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { ensureWebBuilt, WEB_DIST_DIR } from "../../scripts/web-build.mjs";

const CHROMIUM = "/usr/bin/chromium";
export const SCREENSHOTS = "/tmp";
export const DESKTOP = { width: 1024, height: 720 };
export const PHONE = { width: 390, height: 844 };

export interface BrowserApp {
  readonly server: RunningTestServer;
  readonly mail: MailCatcher;
  /** A page in a fresh browser context (its own storage), closed after the test. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

export function useBrowserApp(): BrowserApp {
  let server: RunningTestServer | undefined;
  let mail: MailCatcher | undefined;
  let browser: Browser | undefined;
  let opened: Array<{ context: BrowserContext; errors: string[] }> = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`The browser tests drive Debian's Chromium at ${CHROMIUM}, which is missing: run \`apt-get install -y chromium\` (CI installs it).`);
    }
    ensureWebBuilt({ log: () => {} });
    mail = await startMailCatcher();
    server = await startTestServer({ webDistDir: WEB_DIST_DIR, env: mail.env });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  }, 240_000);

  afterEach(async () => {
    const closing = opened;
    opened = [];
    for (const { context } of closing) await context.close();
    expect(closing.flatMap(({ errors }) => errors), "uncaught errors in the page").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mail?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: call useBrowserApp() at the top level of the file`);
    return value;
  };
  return {
    get server() {
      return ready(server, "the test server");
    },
    get mail() {
      return ready(mail, "the mail catcher");
    },
    async newPage(viewport = DESKTOP) {
      const context = await ready(browser, "Chromium").newContext({ baseURL: ready(server, "the test server").url, viewport });
      const errors: string[] = [];
      opened.push({ context, errors });
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(error.message));
      return page;
    },
  };
}
