/**
 * The internal project hosts the people who administer every other project. It is created
 * on first start; its seeded keys come from the environment and are stored by digest, so
 * restarting with the same environment is a no-op and changing a seed adds the new key.
 */
import { hasKeyWithHash, type ProjectKeyKind } from "../../db/queries/api-key-sets";
import { upsertOverride } from "../../db/queries/config-overrides";
import { insertProject, projectExists } from "../../db/queries/projects";
import { hashSecret } from "../../crypto/secret-hash";
import type { ServiceDeps } from "../deps";
import { createApiKeySetFromValues } from "./seeded-keys";

export const DEV_PUBLISHABLE_CLIENT_KEY = "this-publishable-client-key-is-for-local-development-only";

const INTERNAL_CONFIG = {
  "auth.allowSignUp": true,
  "auth.password.allowSignIn": true,
  "teams.createPersonalTeamOnSignUp": true,
  "teams.allowClientTeamCreation": true,
  "domains.allowLocalhost": true,
};

export async function ensureInternalProject(deps: ServiceDeps): Promise<{ created: boolean; seededKeys: ProjectKeyKind[] }> {
  const seeds = deps.settings.seedInternalKeys;
  const wanted: Partial<Record<ProjectKeyKind, string>> = {
    publishable_client_key:
      seeds.publishableClientKey ?? (deps.settings.nodeEnv === "production" ? undefined : DEV_PUBLISHABLE_CLIENT_KEY),
    secret_server_key: seeds.secretServerKey,
    super_secret_admin_key: seeds.superSecretAdminKey,
  };

  return deps.db.transaction(async (tx) => {
    const created = !(await projectExists(tx, "internal"));
    if (created) {
      await insertProject(tx, {
        id: "internal",
        displayName: "Gatehouse Dashboard",
        description: "The project that administers every other project.",
        isProductionMode: false,
        ownerTeamId: null,
      });
      await upsertOverride(tx, "internal", "project", "", INTERNAL_CONFIG);
    }
    const missing: Partial<Record<ProjectKeyKind, string>> = {};
    for (const [kind, value] of Object.entries(wanted) as Array<[ProjectKeyKind, string | undefined]>) {
      if (value && !(await hasKeyWithHash(tx, "internal", kind, hashSecret(value)))) missing[kind] = value;
    }
    if (Object.keys(missing).length > 0) {
      await createApiKeySetFromValues(tx, "internal", "Seeded from the environment", missing);
    }
    return { created, seededKeys: Object.keys(missing) as ProjectKeyKind[] };
  });
}
