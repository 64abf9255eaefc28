/**
 * The rendered project configuration: defaults, then the project, branch and environment
 * overrides, later levels winning. Keys follow the Stack Auth configuration document so
 * that SDK calls such as `project.updateConfig({"teams.allowClientTeamCreation": true})`
 * mean the same thing here.
 */
import type { RateLimitSettings } from "../../config/rate-limits";
import { APP_IDS, type AppId } from "./apps";

export interface OAuthProviderConfig {
  type: string;
  isShared: boolean;
  clientId?: string;
  clientSecret?: string;
  facebookConfigId?: string;
  microsoftTenantId?: string;
  /** Native Apple apps (POST /auth/oauth/callback/apple/native): the token audiences accepted. */
  appleBundles?: Record<string, { bundleId?: string }>;
  /** The issuer of a generic OpenID Connect provider (type "oidc"), discovered from it. */
  issuerUrl?: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

export type SignUpRuleActionType = "allow" | "reject" | "restrict" | "log";

/**
 * One sign-up rule (services/sign-up-rules): when `condition`, a CEL expression over the
 * sign-up, holds, `action` applies. A rule without `enabled: true` or without a condition is
 * skipped. Rules run by `priority`, highest first, then by id.
 */
export interface SignUpRuleConfig {
  enabled?: boolean;
  displayName?: string;
  priority?: number;
  condition?: string;
  /** `message` is for the project's administrators; the person refused never reads it. */
  action?: { type?: SignUpRuleActionType; message?: string };
}

export interface TrustedDomainConfig {
  baseUrl: string;
  handlerPath: string;
}

export interface EmailServerConfig {
  isShared: boolean;
  /**
   * How a project's own server is reached: `smtp` (the default) and `resend` name SMTP
   * settings; `managed` is a Resend-hosted sender domain (`managedSubdomain`,
   * `managedSenderLocalPart`, and the Resend key as `password`), reached over Resend's SMTP.
   */
  provider?: "smtp" | "resend" | "managed";
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  senderName?: string;
  senderEmail?: string;
  managedSubdomain?: string;
  managedSenderLocalPart?: string;
}

export interface PermissionDefinitionConfig {
  description?: string;
  scope?: "team" | "project";
  containedPermissionIds?: Record<string, true>;
}

export type Duration = [number, "day" | "week" | "month" | "year"];
export type CustomerType = "user" | "team" | "custom";

export interface PriceConfig {
  USD?: string;
  EUR?: string;
  GBP?: string;
  JPY?: string;
  INR?: string;
  AUD?: string;
  CAD?: string;
  interval?: Duration;
  serverOnly?: boolean;
  freeTrial?: Duration;
}

/** Free-form JSON a product carries for the app (inline products; Stack's product metadata). */
export type ProductMetadata = unknown;

export interface ProductConfig {
  displayName?: string;
  /** The product line it belongs to: one product of a line is held at a time (add-ons aside). */
  productLineId?: string;
  /** The former name of `productLineId`, still found in grants and links stored before the rename. */
  catalogId?: string;
  isAddOnTo?: false | Record<string, true>;
  customerType?: CustomerType;
  freeTrial?: Duration;
  serverOnly?: boolean;
  stackable?: boolean;
  prices?: "include-by-default" | Record<string, PriceConfig>;
  includedItems?: Record<string, { quantity?: number; repeat?: "never" | Duration; expires?: "never" | "when-purchase-expires" | "when-repeated" }>;
  /** Only on inline products (and the snapshots of what was bought): shown to clients, to clients read-only, to servers only. */
  clientMetadata?: ProductMetadata;
  clientReadOnlyMetadata?: ProductMetadata;
  serverMetadata?: ProductMetadata;
}

export interface ProductLineConfig {
  displayName?: string;
  customerType?: CustomerType;
}

export interface PaymentsConfig {
  /** Refuses every new purchase, purchase link and switch (NEW_PURCHASES_BLOCKED); what customers hold stays. */
  blockNewPurchases: boolean;
  testMode: boolean;
  autoPay?: { interval?: Duration };
  productLines: Record<string, ProductLineConfig>;
  items: Record<string, { displayName?: string; customerType?: CustomerType }>;
  products: Record<string, ProductConfig>;
}

export interface WebhookEndpointConfig {
  url?: string;
  description?: string;
  enabled?: boolean;
  /**
   * The events it takes, as the dotted keys they are: `user.created` is `events.user.created`.
   * None means every event.
   */
  events?: Record<string, Record<string, true>>;
}

/** Where a project's data lives, as Stack Auth records it; Gatehouse keeps every project in its own database. */
export type SourceOfTruth =
  | { type: "hosted" }
  | { type: "neon"; connectionStrings: Record<string, string> }
  | { type: "postgres"; connectionString: string };

export interface ExternalDatabaseConfig {
  type?: "postgres";
  connectionString?: string;
}

export interface AnalyticsQueryFolderConfig {
  displayName?: string;
  sortOrder?: number;
  queries?: Record<string, { displayName?: string; sqlQuery?: string; description?: string }>;
}

export interface ProjectConfig {
  sourceOfTruth: SourceOfTruth;
  project: { requirePublishableClientKey: boolean };
  auth: {
    allowSignUp: boolean;
    password: { allowSignIn: boolean };
    otp: { allowSignIn: boolean };
    passkey: { allowSignIn: boolean };
    /** Gatehouse's own key, rendered only when an override sets it: anonymous sign-up is allowed unless it says false. */
    anonymous?: { allowSignUp?: boolean };
    oauth: {
      accountMergeStrategy: "link_method" | "raise_error" | "allow_duplicates";
      providers: Record<string, OAuthProviderConfig>;
    };
    signUpRules: Record<string, SignUpRuleConfig>;
    /** What a sign-up that no allow or reject rule decided gets. */
    signUpRulesDefaultAction: "allow" | "reject";
  };
  onboarding: { requireEmailVerification: boolean };
  teams: { createPersonalTeamOnSignUp: boolean; allowClientTeamCreation: boolean };
  users: { allowClientUserDeletion: boolean };
  apiKeys: { enabled: { user: boolean; team: boolean } };
  /** Which of Stack Auth's dashboard apps are switched on; every known app is listed, in the app store's order. */
  apps: { installed: Record<AppId, { enabled: boolean }> };
  domains: { allowLocalhost: boolean; trustedDomains: Record<string, TrustedDomainConfig> };
  rbac: {
    permissions: Record<string, PermissionDefinitionConfig>;
    defaultPermissions: {
      teamCreator: Record<string, true>;
      teamMember: Record<string, true>;
      signUp: Record<string, true>;
    };
  };
  emails: {
    server: EmailServerConfig;
    selectedThemeId: string;
    themes: Record<string, { displayName?: string; tsxSource?: string }>;
    templates: Record<string, { displayName?: string; tsxSource?: string; themeId?: string | false }>;
  };
  payments: PaymentsConfig;
  /** External databases Stack Auth copies project data into; stored and shown, not synced by Gatehouse. */
  dbSync: { externalDatabases: Record<string, ExternalDatabaseConfig> };
  dataVault: { stores: Record<string, { displayName?: string }> };
  webhooks: { endpoints: Record<string, WebhookEndpointConfig> };
  /** Saved analytics queries, in folders. */
  analytics: { queryFolders: Record<string, AnalyticsQueryFolderConfig> };
  /** Dashboards written as TSX, by UUID. */
  customDashboards: Record<string, { displayName?: string; tsxSource?: string }>;
  /**
   * This project's own rate limits, by rule (config/rate-limits.ts): `max` and/or
   * `windowSeconds`. A rule not named here follows the server-wide setting.
   */
  rateLimits: RateLimitSettings;
  /** Gatehouse's own: the project as an OAuth 2.1 authorization server and OpenID provider (services/oauth-apps/). */
  oauthServer: OAuthServerConfig;
  /**
   * Gatehouse's own, rendered only once set: how many days audit events are kept (the retention
   * sweeper deletes older ones, leaving a checkpoint the chain verifies from). Unset: kept forever.
   */
  auditLog?: { retentionDays?: number };
}

export interface OAuthResourceConfig {
  uri?: string;
  displayName?: string;
  /** The scopes a token for it may carry, space-separated; none means an audience-only token. */
  scopes?: string;
  /**
   * `opaque` (the default): the resource checks each token by introspection, so a revoked token
   * stops at once. `jwt`: a signed token the resource verifies with the JWKS alone, which stays
   * good until it expires (an hour) whatever happens to the grant.
   */
  accessTokenFormat?: "opaque" | "jwt";
}

export interface OAuthServerConfig {
  enabled: boolean;
  /** Whether clients may register themselves (RFC 7591), as MCP clients do. */
  dynamicClientRegistration: boolean;
  /** The APIs (MCP servers among them) tokens may be issued for, by RFC 8707 resource indicator. */
  resources: Record<string, OAuthResourceConfig>;
}

/** Stack Auth's ids of its built-in e-mail themes (`DEFAULT_EMAIL_THEMES` in @stackframe/stack-shared). */
export const BUILT_IN_EMAIL_THEME_IDS = {
  light: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
  dark: "a0172b5d-cff0-463b-83bb-85124697373a",
  colorful: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
} as const;
export const DEFAULT_EMAIL_THEME_ID = BUILT_IN_EMAIL_THEME_IDS.light;

/**
 * The names Gatehouse gave its built-in themes before it used Stack Auth's ids. They still
 * name the same themes everywhere a theme id is read (requests, stored outbox messages);
 * migration 0050 rewrote the ones stored in configuration and drafts.
 */
export const EMAIL_THEME_ID_ALIASES: Readonly<Record<string, string>> = {
  "default-light": BUILT_IN_EMAIL_THEME_IDS.light,
  "default-dark": BUILT_IN_EMAIL_THEME_IDS.dark,
};

/** The theme id an id or alias stands for. */
export const canonicalThemeId = (id: string): string => (Object.hasOwn(EMAIL_THEME_ID_ALIASES, id) ? EMAIL_THEME_ID_ALIASES[id]! : id);

export function defaultProjectConfig(): ProjectConfig {
  return {
    sourceOfTruth: { type: "hosted" },
    project: { requirePublishableClientKey: false },
    auth: {
      allowSignUp: true,
      password: { allowSignIn: true },
      otp: { allowSignIn: false },
      passkey: { allowSignIn: false },
      // Gatehouse's own key: present so dotted keys can write into it, and left out of the rendered document while empty.
      anonymous: {},
      oauth: { accountMergeStrategy: "link_method", providers: {} },
      signUpRules: {},
      signUpRulesDefaultAction: "allow",
    },
    onboarding: { requireEmailVerification: false },
    teams: { createPersonalTeamOnSignUp: false, allowClientTeamCreation: false },
    users: { allowClientUserDeletion: false },
    apiKeys: { enabled: { user: false, team: false } },
    apps: { installed: Object.fromEntries(APP_IDS.map((id) => [id, { enabled: false }])) as ProjectConfig["apps"]["installed"] },
    domains: { allowLocalhost: true, trustedDomains: {} },
    rbac: { permissions: {}, defaultPermissions: { teamCreator: {}, teamMember: {}, signUp: {} } },
    emails: { server: { isShared: true, provider: "smtp" }, selectedThemeId: DEFAULT_EMAIL_THEME_ID, themes: {}, templates: {} },
    payments: { blockNewPurchases: false, testMode: true, productLines: {}, items: {}, products: {} },
    dbSync: { externalDatabases: {} },
    dataVault: { stores: {} },
    webhooks: { endpoints: {} },
    analytics: { queryFolders: {} },
    customDashboards: {},
    rateLimits: {},
    oauthServer: { enabled: false, dynamicClientRegistration: false, resources: {} },
    // Present so dotted keys can write into it; left out of the rendered document while empty.
    auditLog: {},
  };
}

/**
 * What an entry of a record (`domains.trustedDomains.<id>`, ...) holds where its override
 * says nothing, by the record's dotted path; given the entry's id. Entries of records not
 * listed hold only what overrides give them.
 */
export const RECORD_ENTRY_DEFAULTS: Record<string, (id: string) => Record<string, unknown>> = {
  "domains.trustedDomains": () => ({ handlerPath: "/handler" }),
  "rbac.permissions": () => ({ containedPermissionIds: {} }),
  "auth.oauth.providers": () => ({ isShared: true, allowSignIn: false, allowConnectedAccounts: false }),
  "dataVault.stores": () => ({ displayName: "Unnamed Vault" }),
};

export type ConfigLevel = "project" | "branch" | "environment";
export const CONFIG_LEVELS: readonly ConfigLevel[] = ["project", "branch", "environment"];

/** An override document: nested objects and/or dotted keys (`"auth.allowSignUp": false`). */
export type ConfigOverride = Record<string, unknown>;
