/**
 * The snake_case project view and the configuration document never disagree: over random
 * sequences of writes, dotted-key overrides at any level mixed with snake_case patches
 * (written to the environment level, as PATCH /internal/projects/current does), every field
 * a snake_case patch sets reads back exactly through the view of the rendered document until
 * a later write changes it, whatever the lower levels say; and every override the sequence
 * stores passes the override schema.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ConfigLevel, ConfigOverride } from "./document";
import { toProjectConfigView, projectConfigPatchToOverride, type ProjectConfigPatch, type ProjectConfigView } from "./project-view";
import { overrideWith, renderConfig } from "./render";
import { overrideProblems } from "./schema";

const permissionIds = fc.uniqueArray(fc.constantFrom("read", "write", "member", "admin", "billing"), { maxLength: 3 }).map((ids) => ids.map((id) => ({ id })));
const domains = fc.uniqueArray(fc.constantFrom("https://a.example.com", "https://b.example.com", "https://c.example.org"), { maxLength: 2 }).map((urls) =>
  urls.map((domain) => ({ domain, handler_path: "/handler" })),
);
const providers = fc
  .uniqueArray(fc.constantFrom("github", "google", "discord"), { maxLength: 2 })
  .map((ids) => ids.map((id) => ({ id, type: "standard" as const, client_id: `${id}-client`, client_secret: `${id}-secret` })));

const snakePatch: fc.Arbitrary<ProjectConfigPatch> = fc.record(
  {
    sign_up_enabled: fc.boolean(),
    credential_enabled: fc.boolean(),
    magic_link_enabled: fc.boolean(),
    client_team_creation_enabled: fc.boolean(),
    allow_user_api_keys: fc.boolean(),
    create_team_on_sign_up: fc.boolean(),
    oauth_account_merge_strategy: fc.constantFrom("link_method", "raise_error", "allow_duplicates" as const),
    team_member_default_permissions: permissionIds,
    user_default_permissions: permissionIds,
    domains,
    oauth_providers: providers,
  },
  { requiredKeys: [] },
);

const dottedOverride: fc.Arbitrary<ConfigOverride> = fc.record(
  {
    "auth.allowSignUp": fc.boolean(),
    "auth.password.allowSignIn": fc.boolean(),
    "teams.allowClientTeamCreation": fc.boolean(),
    "apiKeys.enabled.user": fc.boolean(),
    "rbac.defaultPermissions.teamMember": permissionIds.map((list) => Object.fromEntries(list.map(({ id }) => [id, true]))),
    "domains.trustedDomains.extra": fc.constant({ baseUrl: "https://extra.example.net", handlerPath: "/h" }),
    "auth.oauth.providers.discord": fc.constant({ type: "discord", allowSignIn: true }),
  },
  { requiredKeys: [] },
);

type Write = { kind: "snake"; patch: ProjectConfigPatch } | { kind: "dotted"; level: ConfigLevel; override: ConfigOverride };
const write: fc.Arbitrary<Write> = fc.oneof(
  snakePatch.map((patch) => ({ kind: "snake" as const, patch })),
  fc
    .record({ kind: fc.constant("dotted" as const), level: fc.constantFrom<ConfigLevel>("branch", "environment"), override: dottedOverride })
    // Trusted domains are the environment's (Stack Auth's levels).
    .map((w) => (w.level === "branch" ? { ...w, override: Object.fromEntries(Object.entries(w.override).filter(([key]) => !key.startsWith("domains."))) } : w)),
);

/** What the view shows for each field a snake_case patch can set (lists compared as sets). */
function expectedView(patch: ProjectConfigPatch): Partial<ProjectConfigView> {
  const { oauth_providers, ...rest } = patch;
  return {
    ...rest,
    ...(oauth_providers
      ? { oauth_providers: oauth_providers.map((p) => ({ id: p.id, provider_config_id: p.id, type: p.type, client_id: p.client_id, client_secret: p.client_secret })) }
      : {}),
  };
}

const sortedById = (value: unknown) =>
  Array.isArray(value) ? [...value].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : value;

describe("the snake_case project view of the configuration document", () => {
  it("reads back every field a snake_case patch set, until a later write changes it", () => {
    fc.assert(
      fc.property(fc.array(write, { minLength: 1, maxLength: 12 }), (writes) => {
        const levels: Record<ConfigLevel, ConfigOverride> = { project: {}, branch: {}, environment: {} };
        const render = () => renderConfig([levels.project, levels.branch, levels.environment]);
        // The fields the last snake_case patch set, minus those a later dotted write touched.
        let promised: Partial<ProjectConfigView> = {};
        for (const w of writes) {
          if (w.kind === "snake") {
            levels.environment = overrideWith(levels.environment, projectConfigPatchToOverride(w.patch));
            promised = { ...promised, ...expectedView(w.patch) };
          } else {
            levels[w.level] = overrideWith(levels[w.level], w.override);
            // A dotted write may change any field the view shows: the view must still equal the document's.
            promised = {};
          }
          for (const [level, override] of Object.entries(levels)) expect(overrideProblems(override, level as ConfigLevel)).toEqual([]);
          const view = toProjectConfigView(render()) as unknown as Record<string, unknown>;
          for (const [field, value] of Object.entries(promised)) expect(sortedById(view[field]), field).toEqual(sortedById(value));
        }
      }),
      { numRuns: 300 },
    );
  });
});
