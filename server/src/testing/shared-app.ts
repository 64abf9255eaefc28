import { afterAll, beforeAll } from "vitest";
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
