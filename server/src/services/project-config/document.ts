/**
 * The rendered project configuration: defaults, then the project, branch and environment
 * overrides, later levels winning. Keys follow the Stack Auth configuration document so
 * that SDK calls such as `project.updateConfig({"teams.allowClientTeamCreation": true})`
 * mean the same thing here.
 */
import type { RateLimitSettings } from "../../config/rate-limits";

export interface OAuthProviderConfig {
  type: string;
  isShared: boolean;
  clientId?: string;
  clientSecret?: string;
  facebookConfigId?: string;
  microsoftTenantId?: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

export interface TrustedDomainConfig {
  baseUrl: string;
  handlerPath: string;
}

export interface EmailServerConfig {
  isShared: boolean;
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  senderName?: string;
  senderEmail?: string;
}

export interface PermissionDefinitionConfig {
  description?: string;
  scope?: "team" | "project";
  containedPermissionIds?: Record<string, true>;
}

export interface ProjectConfig {
  project: { requirePublishableClientKey: boolean };
  auth: {
    allowSignUp: boolean;
    password: { allowSignIn: boolean };
    otp: { allowSignIn: boolean };
    passkey: { allowSignIn: boolean };
    anonymous: { allowSignUp: boolean };
    oauth: {
      accountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates";
      providers: Record<string, OAuthProviderConfig>;
    };
  };
  teams: { createPersonalTeamOnSignUp: boolean; allowClientTeamCreation: boolean };
  users: { allowClientUserDeletion: boolean };
  apiKeys: { enabled: { user: boolean; team: boolean } };
  domains: { allowLocalhost: boolean; trustedDomains: Record<string, TrustedDomainConfig> };
  rbac: {
    permissions: Record<string, PermissionDefinitionConfig>;
    defaultPermissions: {
      teamCreator: Record<string, true>;
      teamMember: Record<string, true>;
      signUp: Record<string, true>;
    };
  };
  emails: { server: EmailServerConfig; selectedThemeId: string };
  /**
   * This project's own rate limits, by rule (config/rate-limits.ts): `max` and/or
   * `windowSeconds`. A rule not named here follows the server-wide setting.
   */
  rateLimits: RateLimitSettings;
}

export const DEFAULT_EMAIL_THEME_ID = "default-light";

export function defaultProjectConfig(): ProjectConfig {
  return {
    project: { requirePublishableClientKey: false },
    auth: {
      allowSignUp: true,
      password: { allowSignIn: true },
      otp: { allowSignIn: false },
      passkey: { allowSignIn: false },
      // On by default, as the SDK's `getUser({ or: "anonymous" })` expects of a project that did not opt out.
      anonymous: { allowSignUp: true },
      oauth: { accountMergeStrategy: "link_method", providers: {} },
    },
    teams: { createPersonalTeamOnSignUp: false, allowClientTeamCreation: false },
    users: { allowClientUserDeletion: false },
    apiKeys: { enabled: { user: false, team: false } },
    domains: { allowLocalhost: true, trustedDomains: {} },
    rbac: { permissions: {}, defaultPermissions: { teamCreator: {}, teamMember: {}, signUp: {} } },
    emails: { server: { isShared: true }, selectedThemeId: DEFAULT_EMAIL_THEME_ID },
    rateLimits: {},
  };
}

export type ConfigLevel = "project" | "branch" | "environment";
export const CONFIG_LEVELS: readonly ConfigLevel[] = ["project", "branch", "environment"];

/** An override document: nested objects and/or dotted keys (`"auth.allowSignUp": false`). */
export type ConfigOverride = Record<string, unknown>;
