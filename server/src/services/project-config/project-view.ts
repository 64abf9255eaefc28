import { RATE_LIMIT_IDS, snakeCaseRuleId, type RateLimitSettings } from "../../config/rate-limits";
import { canonicalThemeId, type ConfigOverride, type OAuthProviderConfig, type ProjectConfig } from "./document";

/** The snake_case `config` object of `/internal/projects/current`: a view onto the config document. */
export interface ProjectConfigView {
  allow_localhost: boolean;
  sign_up_enabled: boolean;
  credential_enabled: boolean;
  magic_link_enabled: boolean;
  passkey_enabled: boolean;
  /** Gatehouse's own, shown only when the document sets it (absent: anonymous sign-up is allowed). */
  anonymous_sign_up_enabled?: boolean;
  client_team_creation_enabled: boolean;
  client_user_deletion_enabled: boolean;
  allow_user_api_keys: boolean;
  allow_team_api_keys: boolean;
  oauth_providers: OAuthProviderView[];
  enabled_oauth_providers: Array<{ id: string }>;
  domains: Array<{ domain: string; handler_path: string }>;
  email_config: EmailConfigView;
  email_theme: string;
  create_team_on_sign_up: boolean;
  team_creator_default_permissions: Array<{ id: string }>;
  team_member_default_permissions: Array<{ id: string }>;
  user_default_permissions: Array<{ id: string }>;
  oauth_account_merge_strategy: "link_method" | "raise_error" | "allow_duplicates";
  /**
   * Gatehouse's own: the project's rate limits by rule (snake_case ids), shown only when it has
   * any; rules not listed follow the server-wide setting.
   */
  rate_limits?: RateLimitsView;
}

export type RateLimitsView = Record<string, { max?: number; window_seconds?: number } | undefined>;

export interface OAuthProviderView {
  id: string;
  provider_config_id: string;
  type: "shared" | "standard";
  client_id?: string;
  client_secret?: string;
  facebook_config_id?: string;
  microsoft_tenant_id?: string;
  apple_bundle_ids?: string[];
}

export interface EmailConfigView {
  type: "shared" | "standard";
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  sender_name?: string;
  sender_email?: string;
}

export type ProjectConfigPatch = Partial<
  Omit<ProjectConfigView, "enabled_oauth_providers" | "oauth_providers"> & {
    oauth_providers: Array<Omit<OAuthProviderView, "provider_config_id">>;
    require_email_verification: boolean;
  }
>;

// In id order, as Stack Auth lists them.
const permissionList = (record: Record<string, true>) => Object.keys(record).sort().map((id) => ({ id }));
const permissionRecord = (list: Array<{ id: string }>) =>
  Object.fromEntries(list.map(({ id }) => [id, true] as const));

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The bundle ids of a provider's native Apple apps, or nothing when it has none configured. */
export function appleBundleIds(provider: OAuthProviderConfig): string[] | undefined {
  if (!provider.appleBundles) return undefined;
  return Object.values(provider.appleBundles).flatMap((bundle) => (bundle?.bundleId ? [bundle.bundleId] : []));
}

export function toProjectConfigView(config: ProjectConfig): ProjectConfigView {
  const providers = Object.entries(config.auth.oauth.providers);
  const server = config.emails.server;
  const rateLimits = rateLimitsView(config.rateLimits);
  const anonymous = config.auth.anonymous?.allowSignUp;
  return {
    allow_localhost: config.domains.allowLocalhost,
    sign_up_enabled: config.auth.allowSignUp,
    credential_enabled: config.auth.password.allowSignIn,
    magic_link_enabled: config.auth.otp.allowSignIn,
    passkey_enabled: config.auth.passkey.allowSignIn,
    ...(typeof anonymous === "boolean" ? { anonymous_sign_up_enabled: anonymous } : {}),
    client_team_creation_enabled: config.teams.allowClientTeamCreation,
    client_user_deletion_enabled: config.users.allowClientUserDeletion,
    allow_user_api_keys: config.apiKeys.enabled.user,
    allow_team_api_keys: config.apiKeys.enabled.team,
    oauth_providers: providers.map(([id, p]) =>
      withoutUndefined({
        id: p.type || id,
        provider_config_id: id,
        type: p.isShared ? ("shared" as const) : ("standard" as const),
        client_id: p.clientId,
        client_secret: p.clientSecret,
        facebook_config_id: p.facebookConfigId,
        microsoft_tenant_id: p.microsoftTenantId,
        apple_bundle_ids: appleBundleIds(p),
      }),
    ),
    // The config id: it is what /auth/oauth/authorize/{provider_id} takes (a generic provider's own id).
    enabled_oauth_providers: providers.filter(([, p]) => p.allowSignIn).map(([id]) => ({ id })),
    domains: Object.values(config.domains.trustedDomains).map((d) => ({ domain: d.baseUrl, handler_path: d.handlerPath })),
    email_config: server.isShared
      ? { type: "shared" }
      : withoutUndefined({
          type: "standard" as const,
          host: server.host,
          port: server.port,
          username: server.username,
          password: server.password,
          sender_name: server.senderName,
          sender_email: server.senderEmail,
        }),
    email_theme: canonicalThemeId(config.emails.selectedThemeId),
    create_team_on_sign_up: config.teams.createPersonalTeamOnSignUp,
    team_creator_default_permissions: permissionList(config.rbac.defaultPermissions.teamCreator),
    team_member_default_permissions: permissionList(config.rbac.defaultPermissions.teamMember),
    user_default_permissions: permissionList(config.rbac.defaultPermissions.signUp),
    oauth_account_merge_strategy: config.auth.oauth.accountMergeStrategy,
    ...(Object.keys(rateLimits).length > 0 ? { rate_limits: rateLimits } : {}),
  };
}

const isLimitValue = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

/** Only known rules with well-formed values are shown (the same ones services/rate-limits/rate-limits.ts applies). */
function rateLimitsView(settings: RateLimitSettings | undefined): RateLimitsView {
  const view: RateLimitsView = {};
  for (const id of RATE_LIMIT_IDS) {
    const setting = settings?.[id];
    if (!setting) continue;
    const entry = withoutUndefined({
      max: isLimitValue(setting.max) ? setting.max : undefined,
      window_seconds: isLimitValue(setting.windowSeconds) ? setting.windowSeconds : undefined,
    });
    if (Object.keys(entry).length > 0) view[snakeCaseRuleId(id)] = entry;
  }
  return view;
}

function rateLimitsSetting(view: RateLimitsView): RateLimitSettings {
  const settings: RateLimitSettings = {};
  for (const id of RATE_LIMIT_IDS) {
    const entry = view[snakeCaseRuleId(id)];
    if (entry) settings[id] = withoutUndefined({ max: entry.max, windowSeconds: entry.window_seconds });
  }
  return settings;
}

/**
 * Translates a snake_case patch into dotted-key changes for an override. A list in the patch
 * (domains, providers, default permissions, rate limits) is written as the whole record, which
 * replaces what lower levels say of it (render.ts).
 */
export function projectConfigPatchToOverride(patch: ProjectConfigPatch): ConfigOverride {
  const changes: ConfigOverride = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined) changes[key] = value;
  };
  set("domains.allowLocalhost", patch.allow_localhost);
  set("auth.allowSignUp", patch.sign_up_enabled);
  set("auth.password.allowSignIn", patch.credential_enabled);
  set("auth.otp.allowSignIn", patch.magic_link_enabled);
  set("auth.passkey.allowSignIn", patch.passkey_enabled);
  set("auth.anonymous.allowSignUp", patch.anonymous_sign_up_enabled);
  set("teams.allowClientTeamCreation", patch.client_team_creation_enabled);
  set("users.allowClientUserDeletion", patch.client_user_deletion_enabled);
  set("apiKeys.enabled.user", patch.allow_user_api_keys);
  set("apiKeys.enabled.team", patch.allow_team_api_keys);
  set("teams.createPersonalTeamOnSignUp", patch.create_team_on_sign_up);
  set("onboarding.requireEmailVerification", patch.require_email_verification);
  set("auth.oauth.accountMergeStrategy", patch.oauth_account_merge_strategy);
  set("emails.selectedThemeId", patch.email_theme);
  if (patch.team_creator_default_permissions)
    set("rbac.defaultPermissions.teamCreator", permissionRecord(patch.team_creator_default_permissions));
  if (patch.team_member_default_permissions)
    set("rbac.defaultPermissions.teamMember", permissionRecord(patch.team_member_default_permissions));
  if (patch.user_default_permissions)
    set("rbac.defaultPermissions.signUp", permissionRecord(patch.user_default_permissions));
  if (patch.domains) {
    set(
      "domains.trustedDomains",
      Object.fromEntries(
        patch.domains.map((d, index) => [`domain-${index}`, { baseUrl: d.domain, handlerPath: d.handler_path }]),
      ),
    );
  }
  if (patch.oauth_providers) {
    set(
      "auth.oauth.providers",
      Object.fromEntries(
        patch.oauth_providers.map((p) => [
          p.id,
          withoutUndefined({
            type: p.id,
            isShared: p.type === "shared",
            clientId: p.client_id,
            clientSecret: p.client_secret,
            facebookConfigId: p.facebook_config_id,
            microsoftTenantId: p.microsoft_tenant_id,
            // Stack Auth keys each bundle by a fresh id; positions serve as well and keep rewrites stable.
            appleBundles: p.apple_bundle_ids
              ? Object.fromEntries(p.apple_bundle_ids.map((bundleId, index) => [`bundle-${index}`, { bundleId }]))
              : undefined,
            allowSignIn: true,
            allowConnectedAccounts: true,
          }),
        ]),
      ),
    );
  }
  // The whole set is replaced, so `rate_limits: {}` returns every rule to the server-wide setting.
  if (patch.rate_limits) set("rateLimits", rateLimitsSetting(patch.rate_limits));
  if (patch.email_config) {
    const e = patch.email_config;
    set(
      "emails.server",
      e.type === "shared"
        ? { isShared: true }
        : withoutUndefined({
            isShared: false,
            host: e.host,
            port: e.port,
            username: e.username,
            password: e.password,
            senderName: e.sender_name,
            senderEmail: e.sender_email,
          }),
    );
  }
  return changes;
}
