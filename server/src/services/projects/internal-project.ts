/**
 * The internal project hosts the people who administer every other project. It is created
 * on first start. Its seeded keys come from the environment, one key set per kind, stored
 * by digest: restarting with the same environment changes nothing, and changing or
 * removing a seed revokes the key it replaces, so the environment stays the one truth
 * (this is also what retires the development key once production sets its own). The
 * sign-in settings Stack Auth's seed variables name (sign-up, e-mail codes, localhost, OAuth
 * providers with shared keys) are written on every start when set, and left to the dashboard
 * when not. Shared keys exist only outside production, so production ignores the providers'
 * seed (and says so in the log).
 */
import { hasKeyWithHash, revokeSeededKeySets, type ProjectKeyKind } from "../../db/queries/api-key-sets";
import { findOverride, lockOverride, upsertOverride } from "../../db/queries/config-overrides";
import { insertProject, lockBootstrap, projectExists } from "../../db/queries/projects";
import { hashSecret } from "../../crypto/secret-hash";
import type { ServiceDeps } from "../deps";
import { STARTER_RBAC_OVERRIDE } from "../permissions/starter-definitions";
import { overrideWith } from "../project-config/render";
import { createApiKeySetFromValues } from "./seeded-keys";

export const DEV_PUBLISHABLE_CLIENT_KEY = "this-publishable-client-key-is-for-local-development-only";

// The starter team permissions too: a dashboard project is owned by a team of `internal`,
// and its creator needs `$invite_members` there to bring in a second administrator.
// Written at the environment level, where every project's settings start (projects.ts).
const INTERNAL_CONFIG = overrideWith(STARTER_RBAC_OVERRIDE, {
  "auth.allowSignUp": true,
  "auth.password.allowSignIn": true,
  "teams.createPersonalTeamOnSignUp": true,
  "teams.allowClientTeamCreation": true,
  "domains.allowLocalhost": true,
});

export async function ensureInternalProject(deps: ServiceDeps): Promise<{ created: boolean; seededKeys: ProjectKeyKind[] }> {
  const seeds = deps.settings.seedInternalKeys;
  const wanted: Partial<Record<ProjectKeyKind, string>> = {
    publishable_client_key:
      seeds.publishableClientKey ?? (deps.settings.nodeEnv === "production" ? undefined : DEV_PUBLISHABLE_CLIENT_KEY),
    secret_server_key: seeds.secretServerKey,
    super_secret_admin_key: seeds.superSecretAdminKey,
  };

  return deps.db.transaction(async (tx) => {
    await lockBootstrap(tx);
    const created = !(await projectExists(tx, "internal"));
    if (created) {
      await insertProject(tx, {
        id: "internal",
        displayName: "Gatehouse Dashboard",
        description: "The project that administers every other project.",
        isProductionMode: false,
        ownerTeamId: null,
      });
      await upsertOverride(tx, "internal", "environment", "main", INTERNAL_CONFIG);
    }
    const fixed = seededConfig(deps.settings.seedInternalConfig, deps.settings.nodeEnv === "production");
    if (deps.settings.nodeEnv === "production" && deps.settings.seedInternalConfig.oauthProviders?.length) {
      deps.log.warn("STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS is ignored in production: shared OAuth keys are for development only");
    }
    if (Object.keys(fixed).length > 0) {
      await lockOverride(tx, "internal", "environment", "main");
      const current = (await findOverride(tx, "internal", "environment", "main")) ?? {};
      await upsertOverride(tx, "internal", "environment", "main", overrideWith(current, fixed));
    }
    const seeded: ProjectKeyKind[] = [];
    for (const [kind, value] of Object.entries(wanted) as Array<[ProjectKeyKind, string | undefined]>) {
      const description = `Seeded from the environment: ${kind}`;
      const digest = value === undefined ? null : hashSecret(value);
      await revokeSeededKeySets(tx, "internal", kind, description, digest);
      if (value && digest && !(await hasKeyWithHash(tx, "internal", kind, digest))) {
        await createApiKeySetFromValues(tx, "internal", description, { [kind]: value });
        seeded.push(kind);
      }
    }
    return { created, seededKeys: seeded };
  });
}

function seededConfig(seed: ServiceDeps["settings"]["seedInternalConfig"], production: boolean): Record<string, unknown> {
  const keys: Array<[boolean | undefined, string]> = [
    [seed.signUpEnabled, "auth.allowSignUp"],
    [seed.otpEnabled, "auth.otp.allowSignIn"],
    [seed.allowLocalhost, "domains.allowLocalhost"],
  ];
  const providers = production
    ? []
    : (seed.oauthProviders ?? []).map((type) => [`auth.oauth.providers.${type}`, { type, isShared: true, allowSignIn: true, allowConnectedAccounts: true }]);
  return Object.fromEntries([...keys.flatMap(([value, key]) => (value === undefined ? [] : [[key, value]])), ...providers]);
}
