/**
 * The contract suite's server when it runs against the release artifact (the `contract:artifact`
 * projects): the built bundle under plain Node, with only its production dependencies, on a
 * database of its own, reached over HTTP like any server the suite tests.
 */
import { inject } from "vitest";
import { TEST_INTERNAL_KEYS } from "@gatehouse/server/testing/boot";
import type { TestServer } from "./server";
import { freshProcessDatabase, startServerProcess } from "./server-process";

export const againstArtifact = () => process.env.GATEHOUSE_CONTRACT_SERVER === "artifact";

export async function startArtifactServer(env: Record<string, string> = {}): Promise<TestServer> {
  const cleanup: Array<() => Promise<unknown>> = [];
  try {
    const database = await freshProcessDatabase("artifact", cleanup);
    const running = await startServerProcess({
      ...database,
      artifactDir: inject("artifactDir"),
      env: {
        // The suite's own internal project keys, as the in-process server seeds them.
        STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
        STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: TEST_INTERNAL_KEYS.secretServerKey,
        STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: TEST_INTERNAL_KEYS.superSecretAdminKey,
        ...env,
      },
    });
    cleanup.unshift(() => running.kill("SIGTERM"));
    return {
      url: running.url,
      port: Number(new URL(running.url).port),
      request: (path, init) => fetch(`${running.url}${path}`, { redirect: "manual", ...init }),
      close: async () => {
        for (const step of cleanup) await step();
      },
    };
  } catch (error) {
    for (const step of cleanup) await step();
    throw error;
  }
}
