import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";
import { createTestApp, type TestApp } from "./test-server";

let app: TestApp | undefined;
let registered = false;

/**
 * One app and database per test file (vitest isolates modules per file): created before the
 * file's first test and closed after its last. Call it at the top level of a test file;
 * tests stay independent by working in projects and users of their own.
 */
export function useSharedTestApp(): () => TestApp {
  if (!registered) {
    registered = true;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(async () => {
      await app?.close();
      app = undefined;
    });
  }
  return () => {
    if (!app) throw new Error("The shared test app is not ready: call useSharedTestApp() at the top level of the file");
    return app;
  };
}

/**
 * An app whose shared SMTP server is a real in-process catcher, for the enclosing block
 * (file or describe): started before its first test, closed after its last.
 */
export function useAppWithMail(): () => { t: TestApp; mail: MailCatcher } {
  let state: { t: TestApp; mail: MailCatcher } | undefined;
  beforeAll(async () => {
    const mail = await startMailCatcher();
    state = { mail, t: await createTestApp({ env: mail.env }) };
  });
  afterAll(async () => {
    await state?.t.close();
    await state?.mail.close();
    state = undefined;
  });
  return () => {
    if (!state) throw new Error("The mail test app is not ready: call useAppWithMail() in a file or describe block");
    return state;
  };
}
