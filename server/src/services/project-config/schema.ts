/**
 * What a configuration override may say. Every level (project, branch, environment) takes
 * the same keys; an override sets any subset of them, as nested objects or dotted keys, and
 * `null` removes a key again (a record entry, or a value back to its default).
 *
 * Two checks, both before anything is stored:
 * - `overrideProblems` judges the override itself: unknown keys, wrong types and malformed
 *   values (SPEC §5: permission, product line, price and item ids, money, durations, handler
 *   paths, trusted domains, e-mail addresses, ports);
 * - `renderedConfigProblems` judges the document the overrides render to, for rules that
 *   span keys and levels (a standard OAuth provider needs its client id and secret, an own
 *   e-mail server all of its fields, a product a product line that exists...).
 * Each problem names the dotted key it is about.
 */
import { z } from "zod";
import type { ConfigLevel, ProjectConfig } from "./document";
import { APP_IDS } from "./apps";
import { expandDottedKeys, isUnstorableKey } from "./render";
import { PERMISSION_ID_MAX_LENGTH } from "../permissions/scope";
import { conditionProblem } from "../sign-up-rules/conditions";

/** How many sign-up rules a project may have (each sign-up runs them all, in the request). */
export const MAX_SIGN_UP_RULES = 100;

/** A sign-up rule's condition: a CEL expression that parses (services/sign-up-rules/conditions.ts). */
const signUpRuleCondition = z.string().superRefine((source, ctx) => {
  const problem = conditionProblem(source);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const OAUTH_PROVIDER_TYPES = [
  "google",
  "github",
  "microsoft",
  "spotify",
  "facebook",
  "discord",
  "gitlab",
  "bitbucket",
  "linkedin",
  "apple",
  "x",
  "twitch",
  "oidc",
] as const;

/** SPEC §9: the currencies prices may be given in, and the decimals each allows. */
export const CURRENCY_DECIMALS = { USD: 2, EUR: 2, GBP: 2, JPY: 0, INR: 2, AUD: 2, CAD: 2 } as const;

const DURATION_UNITS = ["day", "week", "month", "year"] as const;

const permissionId = z
  .string()
  .max(PERMISSION_ID_MAX_LENGTH, `permission ids are at most ${PERMISSION_ID_MAX_LENGTH} characters`)
  .regex(/^\$?[a-z0-9_:]+$/, "permission ids use lowercase letters, digits, colon and underscore");
const customPermissionId = permissionId.regex(/^[a-z0-9_:]+$/, "permission ids use lowercase letters, digits, colon and underscore");
// Product line, product, price and item ids (SPEC §5: "catalog" ids), and the ids of other config records.
export const userSpecifiedId = z
  .string()
  .max(63, "ids are at most 63 characters")
  .regex(/^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/, "ids use letters, digits, underscore and hyphen, and do not start with a hyphen");
const recordKey = z.string().regex(/^[a-zA-Z0-9_][a-zA-Z0-9_:$-]*$/, "keys use letters, digits, underscore, colon and hyphen");

export const duration = z.tuple([z.number().int().min(0), z.enum(DURATION_UNITS)]);
const trueFlag = z.literal(true);

const url = z
  .string()
  .max(2048)
  .refine((value) => {
    if (/\s/.test(value)) return false;
    try {
      // A wildcard may stand for a host label or the port (`http://*:*`).
      new URL(value.replace(/:\*(?=$|[/?#])/, ":1").replace(/\*/g, "wildcard"));
      return true;
    } catch {
      return false;
    }
  }, "not a valid URL");

/** Where webhooks are posted: an http or https URL without wildcards. */
const webhookUrl = url.refine((value) => /^https?:\/\/[^*]+$/i.test(value), "webhook endpoints are http or https URLs, without wildcards");

/** A trusted domain's base URL: a URL whose host may hold wildcards (SPEC §5 "Trusted domains"). */
const trustedBaseUrl = url.refine((value) => {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(\[[^\]]*\]|[^/:?#]*)/i.exec(value)?.[1] ?? "";
  if (host.startsWith("[")) return true;
  return host !== "" && !host.startsWith(".") && !host.endsWith(".") && !host.includes("..") && /^[a-zA-Z0-9.*-]+$/.test(host);
}, "trusted domains use letters, digits, dots, hyphens and wildcards, and do not start or end with a dot or hold '..'");

const email = z
  .string()
  .max(256)
  .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/, "not a valid e-mail address");

export function money(decimals: number) {
  const pattern = decimals === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)(\\.[0-9]{1,${decimals}})?$`);
  return z.string().regex(pattern, decimals === 0 ? "amounts in this currency have no decimals" : `amounts are digits with at most ${decimals} decimals, without leading zeros`);
}

/** Every field optional, unknown fields refused: the shape of one object inside an override. */
const part = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape).partial();
/** A record of config entries; an entry may be `null` to remove it. */
const entries = <K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V) => z.record(key, value.nullable());
const removable = <T extends z.ZodType>(schema: T) => schema.nullable();

const connectionString = z.string().max(4096);

// ---- project level -------------------------------------------------------------------

const projectLevel = {
  // Where the project's data lives; Gatehouse keeps it in its own database whatever this says.
  sourceOfTruth: part({
    type: removable(z.enum(["hosted", "neon", "postgres"])),
    connectionStrings: entries(userSpecifiedId, connectionString),
    connectionString: removable(connectionString),
  }),
  project: part({ requirePublishableClientKey: removable(z.boolean()) }),
};

// ---- branch and environment levels ---------------------------------------------------
// `env` is true for the environment level, which holds all the branch level does and more.

const price = part({
  ...Object.fromEntries(Object.entries(CURRENCY_DECIMALS).map(([code, decimals]) => [code, removable(money(decimals))])),
  interval: removable(duration),
  serverOnly: removable(z.boolean()),
  freeTrial: removable(duration),
});

/** `auth.oauth.providers.<id>`: the branch says which providers exist; the environment holds their credentials. */
const oauthProvider = (env: boolean) =>
  part({
    type: removable(z.enum(OAUTH_PROVIDER_TYPES)),
    allowSignIn: removable(z.boolean()),
    allowConnectedAccounts: removable(z.boolean()),
    ...(env
      ? {
          isShared: removable(z.boolean()),
          clientId: removable(z.string().min(1).max(512)),
          clientSecret: removable(z.string().min(1).max(2048)),
          facebookConfigId: removable(z.string().max(512)),
          microsoftTenantId: removable(z.string().max(512)),
          // The bundle ids of native iOS/macOS apps whose Sign in with Apple tokens are accepted.
          appleBundles: removable(entries(userSpecifiedId, part({ bundleId: removable(z.string().min(1).max(256)) }))),
          issuerUrl: removable(url),
        }
      : {}),
  });

const auth = (env: boolean) =>
  part({
    allowSignUp: removable(z.boolean()),
    password: part({ allowSignIn: removable(z.boolean()) }),
    otp: part({ allowSignIn: removable(z.boolean()) }),
    passkey: part({ allowSignIn: removable(z.boolean()) }),
    // Gatehouse's own: whether anonymous sign-up is allowed (absent: allowed).
    anonymous: part({ allowSignUp: removable(z.boolean()) }),
    oauth: part({
      accountMergeStrategy: removable(z.enum(["link_method", "raise_error", "allow_duplicates"])),
      providers: entries(recordKey, oauthProvider(env)),
    }),
    // Sign-up rules are declared at the branch level, as in Stack Auth.
    signUpRules: entries(
      userSpecifiedId,
      part({
        enabled: removable(z.boolean()),
        displayName: removable(z.string().max(256)),
        priority: removable(z.number().int().min(0).max(1_000_000)),
        condition: removable(signUpRuleCondition),
        action: part({
          type: removable(z.enum(["allow", "reject", "restrict", "log"])),
          message: removable(z.string().max(1024)),
        }),
      }),
    ),
    signUpRulesDefaultAction: removable(z.enum(["allow", "reject"])),
  });

const emails = (env: boolean) =>
  part({
    selectedThemeId: removable(recordKey),
    themes: entries(recordKey, part({ displayName: removable(z.string().max(256)), tsxSource: removable(z.string().max(1_000_000)) })),
    templates: entries(
      recordKey,
      part({
        displayName: removable(z.string().max(256)),
        tsxSource: removable(z.string().max(1_000_000)),
        themeId: removable(z.union([recordKey, z.literal(false)])),
      }),
    ),
    ...(env
      ? {
          server: part({
            isShared: removable(z.boolean()),
            provider: removable(z.enum(["smtp", "resend", "managed"])),
            host: removable(z.string().min(1).max(255)),
            port: removable(z.number().int().min(0).max(65535)),
            username: removable(z.string().min(1).max(512)),
            password: removable(z.string().min(1).max(512)),
            senderName: removable(z.string().min(1).max(256)),
            senderEmail: removable(email),
            managedSubdomain: removable(z.string().min(1).max(253).regex(/^[a-zA-Z0-9.-]+$/, "a domain name")),
            managedSenderLocalPart: removable(z.string().min(1).max(64).regex(/^[a-zA-Z0-9._+-]+$/, "the part of an address before the @")),
          }),
        }
      : {}),
  });

const payments = (env: boolean) =>
  part({
    // Former names (offers, catalogs, catalogId...) are migrated before this check (legacy-keys.ts).
    blockNewPurchases: removable(z.boolean()),
    ...(env ? { testMode: removable(z.boolean()) } : {}),
    autoPay: part({ interval: removable(duration) }),
    productLines: entries(
      userSpecifiedId,
      part({ displayName: removable(z.string().max(256)), customerType: removable(z.enum(["user", "team", "custom"])) }),
    ),
    items: entries(
      userSpecifiedId,
      part({ displayName: removable(z.string().max(256)), customerType: removable(z.enum(["user", "team", "custom"])) }),
    ),
    products: entries(
      userSpecifiedId,
      part({
        displayName: removable(z.string().max(256)),
        productLineId: removable(userSpecifiedId),
        isAddOnTo: removable(z.union([z.literal(false), z.record(userSpecifiedId, trueFlag)])),
        customerType: removable(z.enum(["user", "team", "custom"])),
        freeTrial: removable(duration),
        serverOnly: removable(z.boolean()),
        stackable: removable(z.boolean()),
        prices: removable(z.union([z.literal("include-by-default"), entries(userSpecifiedId, price)])),
        includedItems: entries(
          userSpecifiedId,
          part({
            quantity: removable(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
            repeat: removable(z.union([z.literal("never"), duration])),
            expires: removable(z.enum(["never", "when-purchase-expires", "when-repeated"])),
          }),
        ),
      }),
    ),
  });

const domains = (env: boolean) =>
  part(
    env
      ? {
          allowLocalhost: removable(z.boolean()),
          trustedDomains: entries(
            userSpecifiedId,
            part({
              baseUrl: removable(trustedBaseUrl),
              handlerPath: removable(z.string().max(512).regex(/^\//, "the handler path must start with /")),
            }),
          ),
        }
      : {},
  );

// RFC 8707: an absolute URI without a fragment; http for loopback addresses only.
const resourceUri = url.refine((value) => {
  if (/[*#]/.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return protocol === "https:" || (protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname));
}, "resource indicators are https URLs (http on loopback addresses) without wildcards or a fragment");

const eventName = z.string().regex(/^[a-z_]+$/, "events are named like user.created");

const branchOrEnvironmentLevel = (env: boolean) => ({
  rbac: part({
    permissions: entries(
      customPermissionId,
      part({
        description: removable(z.string().max(1024)),
        scope: removable(z.enum(["team", "project"])),
        containedPermissionIds: entries(permissionId, trueFlag),
      }),
    ),
    defaultPermissions: part({
      teamCreator: entries(permissionId, trueFlag),
      teamMember: entries(permissionId, trueFlag),
      signUp: entries(permissionId, trueFlag),
    }),
  }),
  teams: part({ createPersonalTeamOnSignUp: removable(z.boolean()), allowClientTeamCreation: removable(z.boolean()) }),
  users: part({ allowClientUserDeletion: removable(z.boolean()) }),
  onboarding: part({ requireEmailVerification: removable(z.boolean()) }),
  apiKeys: part({ enabled: part({ user: removable(z.boolean()), team: removable(z.boolean()) }) }),
  apps: part({ installed: z.partialRecord(z.enum(APP_IDS), part({ enabled: removable(z.boolean()) }).nullable()) }),
  domains: domains(env),
  auth: auth(env),
  emails: emails(env),
  payments: payments(env),
  dbSync: part({
    externalDatabases: entries(
      userSpecifiedId,
      part({ type: removable(z.enum(["postgres"])), connectionString: removable(connectionString) }),
    ),
  }),
  dataVault: part({ stores: entries(userSpecifiedId, part({ displayName: removable(z.string().max(256)) })) }),
  // Gatehouse's own: this project's rate limits by rule (config/rate-limits.ts).
  rateLimits: entries(recordKey, part({ max: removable(z.number().int().min(1)), windowSeconds: removable(z.number().int().min(1)) })),
  // Gatehouse's own: days audit events are kept (services/audit-log/retention.ts); at most a hundred years.
  auditLog: part({ retentionDays: removable(z.number().int().min(1).max(36_500)) }),
  oauthServer: part({
    enabled: removable(z.boolean()),
    dynamicClientRegistration: removable(z.boolean()),
    resources: entries(
      userSpecifiedId,
      part({
        uri: removable(resourceUri),
        displayName: removable(z.string().max(256)),
        accessTokenFormat: removable(z.enum(["opaque", "jwt"])),
        scopes: removable(z.string().max(1024).regex(/^[\x21\x23-\x5B\x5D-\x7E]*( [\x21\x23-\x5B\x5D-\x7E]+)*$/, "scopes are words separated by single spaces")),
      }),
    ),
  }),
  ...(env
    ? {
        // Saved analytics queries and dashboards: environment level only, as in Stack Auth.
        analytics: part({
          queryFolders: entries(
            userSpecifiedId,
            part({
              displayName: removable(z.string().max(256)),
              sortOrder: removable(z.number().int().min(-1_000_000_000).max(1_000_000_000)),
              queries: entries(
                userSpecifiedId,
                part({
                  displayName: removable(z.string().max(256)),
                  sqlQuery: removable(z.string().max(100_000)),
                  description: removable(z.string().max(4096)),
                }),
              ),
            }),
          ),
        }),
        customDashboards: entries(
          z.uuid(),
          part({ displayName: removable(z.string().max(256)), tsxSource: removable(z.string().max(1_000_000)) }),
        ),
        // Gatehouse's own: where webhooks are posted. An event name is a dotted key: user.created is events.user.created.
        webhooks: part({
          endpoints: entries(
            userSpecifiedId,
            part({
              url: removable(webhookUrl),
              description: removable(z.string().max(1024)),
              enabled: removable(z.boolean()),
              events: entries(eventName, entries(eventName, trueFlag)),
            }),
          ),
        }),
      }
    : {}),
});

/**
 * The levels an override is written at. Stack Auth's levels hold different keys: the project
 * level only where the project's data lives and whether it needs a publishable key; the
 * branch level (a pushed `stack.config.ts`) everything an app declares; the environment
 * level (the dashboard's own writes) adds what differs between deployments: secrets, the
 * e-mail server, trusted domains, test mode. A key written at a level that may not hold it
 * is refused as unknown there. (Stack Auth's fourth level, organization, is not written through
 * its API, so neither is it here.)
 */
export const levelOverrideSchemas = {
  project: part(projectLevel),
  branch: part(branchOrEnvironmentLevel(false)),
  environment: part(branchOrEnvironmentLevel(true)),
} as const;

/** Every key any level may hold: what a stored override is read as, whatever level it sits at. */
export const configOverrideSchema = part({ ...projectLevel, ...branchOrEnvironmentLevel(true) });

// Numeric segments are positions inside a value (a duration tuple), not configuration keys.
/** A dotted key with an empty segment, or one that could reach an object's prototype. */
export const isMalformedKey = (key: string) => key === "" || key.split(".").some((segment) => segment === "" || isUnstorableKey(segment));

const pathOf = (path: readonly PropertyKey[]) =>
  path
    .filter((segment) => typeof segment !== "number")
    .map(String)
    .join(".");

type Issue = z.core.$ZodIssue;

/** A union's issues, from the alternative that got furthest into the value: the one the author meant. */
function flatten(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  const depth = (issues: Issue[]) => Math.max(...issues.map((i) => i.path.length));
  const best = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  return best.flatMap((inner) => flatten({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/**
 * What is wrong with an override document (dotted keys allowed), each naming its key; empty
 * when nothing is. With a level, keys that level may not hold are
 * unknown; without one, any level's keys are allowed.
 */
export function overrideProblems(override: Record<string, unknown>, level?: ConfigLevel): string[] {
  const badKey = Object.keys(override).find(isMalformedKey);
  if (badKey !== undefined) return [`"${badKey}": not a valid configuration key`];
  const schema = level ? levelOverrideSchemas[level] : configOverrideSchema;
  const result = schema.safeParse(expandDottedKeys(override));
  if (result.success) return [];
  return result.error.issues.flatMap(flatten).map((issue) => {
    if (issue.code === "unrecognized_keys") {
      const base = pathOf(issue.path);
      return issue.keys.map((key) => `"${base ? `${base}.${key}` : key}": not a configuration key`).join("; ");
    }
    return `"${pathOf(issue.path)}": ${issue.message}`;
  });
}

/** Rules over the rendered document that no single override can be judged by alone. */
export function renderedConfigProblems(config: ProjectConfig): string[] {
  const problems: string[] = [];
  for (const [id, provider] of Object.entries(config.auth.oauth.providers)) {
    const key = `auth.oauth.providers.${id}`;
    if (!provider.type) problems.push(`"${key}.type": the provider type is missing`);
    if (provider.isShared) {
      if (provider.type === "oidc") problems.push(`"${key}.isShared": a generic OpenID Connect provider needs its own client`);
      continue;
    }
    if (!provider.clientId) problems.push(`"${key}.clientId": Client ID is missing`);
    if (!provider.clientSecret) problems.push(`"${key}.clientSecret": Client secret is missing`);
    if (provider.type === "oidc" && !provider.issuerUrl) problems.push(`"${key}.issuerUrl": Issuer URL is missing`);
  }
  if (Object.keys(config.auth.signUpRules).length > MAX_SIGN_UP_RULES) {
    problems.push(`"auth.signUpRules": a project has at most ${MAX_SIGN_UP_RULES} sign-up rules`);
  }
  const server = config.emails.server;
  if (!server.isShared && server.provider === "managed") {
    if (server.managedSubdomain === undefined) problems.push(`"emails.server.managedSubdomain": the managed sender domain is missing`);
    if (server.managedSenderLocalPart === undefined) problems.push(`"emails.server.managedSenderLocalPart": the managed sender's local part is missing`);
    if (server.password === undefined) problems.push(`"emails.server.password": the managed provider's key is missing`);
  } else if (!server.isShared) {
    const required = [
      ["host", "Email host is missing"],
      ["port", "Email port is missing"],
      ["username", "Email username is missing"],
      ["password", "Email password is missing"],
      ["senderName", "Email sender name is missing"],
      ["senderEmail", "Email sender email is missing"],
    ] as const;
    for (const [field, message] of required) if (server[field] === undefined) problems.push(`"emails.server.${field}": ${message}`);
  }
  for (const [id, domain] of Object.entries(config.domains.trustedDomains)) {
    if (!domain.baseUrl) problems.push(`"domains.trustedDomains.${id}.baseUrl": the base URL is missing`);
  }
  for (const [id, definition] of Object.entries(config.rbac.permissions)) {
    for (const contained of Object.keys(definition.containedPermissionIds ?? {})) {
      if (!contained.startsWith("$") && !config.rbac.permissions[contained]) {
        problems.push(`"rbac.permissions.${id}.containedPermissionIds.${contained}": no such permission definition`);
      }
    }
  }
  const payments = config.payments;
  // A product or item without a customer type is for users, as in Stack Auth.
  for (const [id, product] of Object.entries(payments.products)) {
    const key = `payments.products.${id}`;
    const customerType = product.customerType ?? "user";
    if (product.productLineId) {
      const line = Object.hasOwn(payments.productLines, product.productLineId) ? payments.productLines[product.productLineId] : undefined;
      if (!line) problems.push(`"${key}.productLineId": no product line "${product.productLineId}"`);
      else if (line.customerType && line.customerType !== customerType) {
        problems.push(`"${key}.customerType": the product is for ${customerType} customers, its product line "${product.productLineId}" for ${line.customerType} customers`);
      }
    }
    if (product.prices && product.prices !== "include-by-default") {
      for (const [priceId, amounts] of Object.entries(product.prices)) {
        if (!Object.keys(CURRENCY_DECIMALS).some((code) => (amounts as Record<string, unknown>)[code] !== undefined)) {
          problems.push(`"${key}.prices.${priceId}": a price needs at least one currency`);
        }
      }
    }
    for (const itemId of Object.keys(product.includedItems ?? {})) {
      const item = payments.items[itemId];
      if (!item) problems.push(`"${key}.includedItems.${itemId}": no item "${itemId}"`);
      else if ((item.customerType ?? "user") !== customerType) {
        problems.push(`"${key}.includedItems.${itemId}": the item is for ${item.customerType ?? "user"} customers, the product for ${customerType} customers`);
      }
    }
    for (const baseId of Object.keys(product.isAddOnTo || {})) {
      const base = payments.products[baseId];
      if (baseId === id) problems.push(`"${key}.isAddOnTo.${baseId}": a product cannot be an add-on to itself`);
      else if (!base) problems.push(`"${key}.isAddOnTo.${baseId}": no product "${baseId}"`);
      else if ((base.customerType ?? "user") !== customerType) {
        problems.push(`"${key}.isAddOnTo.${baseId}": the base product is for ${base.customerType ?? "user"} customers, the add-on for ${customerType} customers`);
      }
    }
  }
  for (const [id, endpoint] of Object.entries(config.webhooks.endpoints)) {
    if (!endpoint.url) problems.push(`"webhooks.endpoints.${id}.url": the URL is missing`);
  }
  return problems;
}
