import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import type { Db } from "../../db/db";
import { silentLogger } from "../../logger";
import { createTestDb } from "../../testing/test-db";
import { createDeps } from "../create-deps";
import { DEV_PUBLISHABLE_CLIENT_KEY, ensureInternalProject } from "./internal-project";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

function start(env: Record<string, string>) {
  const deps = createDeps(db, loadConfig({ NODE_ENV: "development", ...env }), "internal-project-test-secret-0123456789", silentLogger);
  return { deps, run: () => ensureInternalProject(deps) };
}

const valid = (deps: ReturnType<typeof start>["deps"], kind: "publishable_client_key" | "secret_server_key", key: string) => {
  deps.projectKeys.forget("internal");
  return deps.projectKeys.isValid("internal", kind, key);
};

describe("the internal project's seeded keys", () => {
  it("are created once, survive an identical restart, and follow the environment when it changes", async () => {
    const first = start({ STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: "ssk_first_seed" });
    expect(await first.run()).toEqual({ created: true, seededKeys: ["publishable_client_key", "secret_server_key"] });
    expect(await valid(first.deps, "secret_server_key", "ssk_first_seed")).toBe(true);
    expect(await valid(first.deps, "publishable_client_key", DEV_PUBLISHABLE_CLIENT_KEY)).toBe(true);

    expect(await first.run()).toEqual({ created: false, seededKeys: [] });

    const rotated = start({ STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: "ssk_second_seed", NODE_ENV: "production", STACK_SERVER_SECRET: "x".repeat(32) });
    expect((await rotated.run()).seededKeys).toEqual(["secret_server_key"]);
    expect(await valid(rotated.deps, "secret_server_key", "ssk_second_seed")).toBe(true);
    expect(await valid(rotated.deps, "secret_server_key", "ssk_first_seed")).toBe(false);
    // Production sets no publishable seed here, so the development key stops working.
    expect(await valid(rotated.deps, "publishable_client_key", DEV_PUBLISHABLE_CLIENT_KEY)).toBe(false);
  });
});

describe("the internal project's seeded sign-in settings", () => {
  const rendered = async (deps: ReturnType<typeof start>["deps"]) => {
    deps.tenancies.forget("internal");
    return (await deps.tenancies.load("internal")).config;
  };

  it("follow Stack Auth's seed variables when set and leave the project alone when not", async () => {
    const seeded = start({ STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: "true", STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "false" });
    await seeded.run();
    let config = await rendered(seeded.deps);
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect(config.auth.allowSignUp).toBe(false);
    // Team permissions written at creation survive the seed.
    expect(Object.keys(config.rbac.permissions).sort()).toEqual(["team_admin", "team_member"]);

    const unset = start({});
    await unset.run();
    config = await rendered(unset.deps);
    expect(config.auth.otp.allowSignIn).toBe(true);
    expect(config.auth.allowSignUp).toBe(false);

    const reopened = start({ STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: "1" });
    await reopened.run();
    expect((await rendered(reopened.deps)).auth.allowSignUp).toBe(true);
  });
});
