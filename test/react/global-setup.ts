import { startServer, TEST_INTERNAL_KEYS } from "../harness";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    hookServerUrl: string;
    hookAdminKey: string;
  }
}

/**
 * One real server (PGlite) for the hook tests, started outside jsdom: the server's code must
 * run on Node's own URL and fetch, which the jsdom environment replaces.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("hookServerUrl", server.url);
  project.provide("hookAdminKey", TEST_INTERNAL_KEYS.superSecretAdminKey);
  return () => server.close();
}
