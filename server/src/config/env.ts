import { z } from "zod";
import { parseRateLimitList, serverWideRateLimits, type RateLimitId } from "./rate-limits";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const endpointUrl = z.url({ protocol: /^https?$/ });
const oauthEndpointOverrides = z.partialRecord(
  z.enum(["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"]),
  z.strictObject({
    issuer: endpointUrl.optional(),
    authorization_endpoint: endpointUrl,
    token_endpoint: endpointUrl,
    userinfo_endpoint: endpointUrl.optional(),
    /** The provider's own API (profile, e-mails) when it is not an OpenID userinfo endpoint. */
    api_base_url: endpointUrl.optional(),
    /** The provider's signing keys, where Gatehouse checks its tokens itself (Apple's native sign-in). */
    jwks_uri: endpointUrl.optional(),
  }),
);

export type OAuthEndpointOverrides = z.infer<typeof oauthEndpointOverrides>;

const SHARED_OAUTH_TYPES = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"] as const;
type SharedOAuthType = (typeof SHARED_OAUTH_TYPES)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8102),
  /** The URL clients reach this server at; used in token issuers and backend-urls. */
  PUBLIC_URL: z.url().optional(),
  /** Where this server's web pages (checkout, handler pages, dashboard) are reached, when not at PUBLIC_URL. */
  PUBLIC_WEB_URL: z.url().optional(),
  DATA_DIR: z.string().default("./.data"),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_DIRECT_URL: z.string().min(1).optional(),
  DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
  STACK_SERVER_SECRET: z.string().min(32).optional(),
  STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: z.string().min(1).optional(),
  STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: z.string().min(1).optional(),
  STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: z.string().min(1).optional(),
  STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED: booleanFlag.optional(),
  STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: booleanFlag.optional(),
  STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST: booleanFlag.optional(),
  /** Comma-separated provider types the internal project signs in with through shared keys (outside production). */
  STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const types = text.split(",").map((t) => t.trim()).filter(Boolean);
      for (const type of types) {
        if (!(SHARED_OAUTH_TYPES as readonly string[]).includes(type)) ctx.addIssue({ code: "custom", message: `"${type}" is not a named OAuth provider type` });
      }
      return types as SharedOAuthType[];
    }),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024),
  STACK_EMAIL_HOST: z.string().min(1).optional(),
  STACK_EMAIL_PORT: z.coerce.number().int().min(0).max(65535).default(587),
  STACK_EMAIL_USERNAME: z.string().min(1).optional(),
  STACK_EMAIL_PASSWORD: z.string().min(1).optional(),
  STACK_EMAIL_SENDER: z.string().min(3).default("Gatehouse <noreply@localhost>"),
  EMAIL_SEND_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  EMAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  EMAIL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  EMAIL_CAPACITY_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL: booleanFlag.default(false),
  CRON_SECRET: z.string().min(16).optional(),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  LOG_LEVEL: z.enum(["debug", "info"]).default("info"),
  /** `json` lines or `pretty` lines for people; unset: pretty on a terminal in development, JSON otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** OpenTelemetry's own variables (its SDK specification): traces go over OTLP/HTTP when an endpoint is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: endpointUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpointUrl.optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("gatehouse"),
  OTEL_SDK_DISABLED: booleanFlag.default(false),
  /** The bearer token Prometheus scrapes /metrics with; unset: /metrics is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  SERVE_WEB: booleanFlag.default(true),
  LOG_REQUESTS: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * The request header a proxy in front of the server puts the caller's country in (ISO 3166-1
   * alpha-2), e.g. cf-ipcountry behind Cloudflare; unset: the country is unknown.
   */
  COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/).optional(),
  /**
   * A MaxMind DB file (GeoLite2/GeoIP2 Country or City, or any .mmdb with `country.iso_code`)
   * that places callers whose country no proxy header named (integrations/geoip.ts).
   */
  GEOIP_DATABASE: z.string().min(1).optional(),
  /** libuv reads it itself when its pool starts; read here to size password hashing (crypto/password.ts). */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  /** Scales the `max` of every built-in rate limit (0.01 to 1,000,000); RATE_LIMITS and project config still override. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0.01).max(1_000_000).default(1),
  /** Explicit server-wide limits, `rule=max[/window_seconds]`, comma-separated (config/rate-limits.ts). */
  /**
   * Where named OAuth providers' endpoints really are, by provider type, as JSON; for local
   * stand-ins of a provider (tests, air-gapped setups). Unset: the providers' public endpoints.
   */
  OAUTH_PROVIDER_ENDPOINTS: z
    .string()
    .default("{}")
    .transform((text, ctx) => {
      try {
        return oauthEndpointOverrides.parse(JSON.parse(text));
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `not a JSON object of provider endpoints (${(error as Error).message})` });
        return z.NEVER;
      }
    }),
  /**
   * Where `isShared` OAuth providers sign in outside production: an OpenID provider's issuer
   * (discovered), with the provider type as client id and this secret. Unset: the development
   * provider Gatehouse serves itself at `/dev-oauth`.
   */
  OAUTH_SHARED_ISSUER: endpointUrl.optional(),
  /**
   * Tests only: every passkey challenge is the same bytes ("MOCK"), so recorded WebAuthn answers
   * (Stack Auth's e2e suite) verify. Never in production: it would make answers replayable.
   */
  PASSKEY_FIXED_TEST_CHALLENGE: booleanFlag.default(false),
  OAUTH_SHARED_CLIENT_SECRET: z.string().min(1).max(512).optional(),
  /** The platform's Stripe secret key (Connect platform); unset: payments work in test mode only. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the platform's Connect webhook endpoint (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where Stripe's API is, for a local stand-in (tests, air-gapped setups); unset: api.stripe.com. */
  STRIPE_API_BASE_URL: endpointUrl.optional(),
  /** An OpenAI-compatible chat-completions API (`…/v1`) for the AI routes; unset: they answer AI_NOT_CONFIGURED. */
  AI_BASE_URL: endpointUrl.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  AI_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1_000).default(4),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(200_000).default(8_192),
  /** Where internal feedback is mailed (comma-separated), besides being kept; Stack Auth's variable. */
  STACK_INTERNAL_FEEDBACK_RECIPIENTS: z.string().optional(),
  /** DNS servers (`ip` or `ip:port`, comma-separated) for domain verification; unset: the system's. */
  DNS_SERVERS: z.string().optional(),
  /** The platform's publishable key (pk_…), with which the checkout page loads Stripe.js for the connected account. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Where the checkout page loads Stripe.js from; a local stand-in's in tests. */
  STRIPE_JS_URL: endpointUrl.default("https://js.stripe.com/v3/"),
  /**
   * Where analytics events are kept and queried: `builtin` (this server's database), `clickhouse`
   * (a ClickHouse server at ANALYTICS_CLICKHOUSE_URL) or `chdb` (ClickHouse in this process, from
   * the optional `chdb` package, with its data under ANALYTICS_CHDB_PATH).
   */
  ANALYTICS_ENGINE: z.enum(["builtin", "clickhouse", "chdb"]).default("builtin"),
  /** ClickHouse's HTTP interface with credentials, e.g. http://user:password@127.0.0.1:8123/gatehouse. */
  ANALYTICS_CLICKHOUSE_URL: endpointUrl.optional(),
  ANALYTICS_CHDB_PATH: z.string().min(1).optional(),
  RATE_LIMITS: z
    .string()
    .default("")
    .superRefine((text, ctx) => {
      for (const problem of parseRateLimitList(text).problems) ctx.addIssue({ code: "custom", message: problem });
    }),
}).superRefine((env, ctx) => {
  if (env.PASSKEY_FIXED_TEST_CHALLENGE && env.NODE_ENV === "production") {
    ctx.addIssue({ code: "custom", path: ["PASSKEY_FIXED_TEST_CHALLENGE"], message: "is for tests and refused in production" });
  }
  if (env.OAUTH_SHARED_ISSUER && !env.OAUTH_SHARED_CLIENT_SECRET) {
    ctx.addIssue({ code: "custom", path: ["OAUTH_SHARED_CLIENT_SECRET"], message: "required with OAUTH_SHARED_ISSUER" });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every setting's variable name, for the docs check (server/src/docs/docs-check.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface AppConfig {
  nodeEnv: Env["NODE_ENV"];
  host: string;
  port: number;
  publicUrl: string;
  /** Where the web pages are served: every URL handed out for a person to open (checkout links...); PUBLIC_URL when unset. */
  publicWebUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A connection of its own for LISTEN, bypassing a transaction pooler; DATABASE_URL when unset. */
  databaseDirectUrl: string | undefined;
  /** "transaction" behind PgBouncer in transaction mode: no prepared statements. */
  databasePooler: "none" | "transaction";
  serverSecret: string | undefined;
  seedInternalKeys: {
    publishableClientKey: string | undefined;
    secretServerKey: string | undefined;
    superSecretAdminKey: string | undefined;
  };
  /** Sign-in settings of the internal project that the environment fixes, as Stack Auth's seed variables do; unset ones are left to the dashboard. */
  seedInternalConfig: { signUpEnabled?: boolean; otpEnabled?: boolean; allowLocalhost?: boolean; oauthProviders?: SharedOAuthType[] };
  accessTokenTtlSeconds: number;
  bodyLimitBytes: number;
  /** The shared SMTP server, when one is configured; otherwise mail goes to the outbox only. */
  sharedEmailServer: { host: string; port: number; username?: string; password?: string; sender: string } | undefined;
  /**
   * Whether projects without their own e-mail server may send their own mail (send-email,
   * edited templates) through the shared one. Off, as in Stack Auth: the shared server sends
   * only the platform's built-in mail, and those actions answer REQUIRES_CUSTOM_EMAIL_SERVER.
   */
  sharedEmailServerForProjectMail: boolean;
  /** How long a request waits for SMTP before answering; sending goes on in the background. */
  emailSendWaitMs: number;
  /** The bearer secret of the routes a scheduler calls (the outbox step, the failed-mail digest); unset: they refuse every call. */
  cronSecret: string | undefined;
  /**
   * The outbox worker (services/emails/queue.ts): tries per message before it is failed, the
   * first back-off (doubling each try, at most an hour), how often each process looks for due
   * mail when nothing woke it, how many messages one process sends at once, and how many
   * messages a project may send per hour (a burst of that many, then spread; 4x while boosted).
   */
  emailQueue: { maxAttempts: number; retryBaseMs: number; pollMs: number; concurrency: number; capacityPerHour: number };
  /**
   * Outbound webhooks: how long one delivery may take, and how often each process looks for
   * due deliveries when no change notification woke it (retries, rows of a crashed process).
   */
  webhooks: { timeoutMs: number; pollMs: number };
  /** How long the e-mail outbox and the webhook delivery log keep finished rows, and how often stale rows are swept. */
  retention: { retentionSeconds: number; intervalMs: number };
  logDebug: boolean;
  /** LOG_FORMAT when set; main.ts otherwise picks by NODE_ENV and whether stdout is a terminal. */
  logFormat: "json" | "pretty" | undefined;
  /** Where traces are exported (OTLP/HTTP, JSON), with which headers and service name; null: no tracing. */
  tracing: { tracesUrl: string; headers: Record<string, string>; serviceName: string } | null;
  /** The bearer token of /metrics; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  serveWeb: boolean;
  logRequests: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** The header a proxy puts the caller's country in (COUNTRY_HEADER); sign-up rules read it. */
  countryHeader: string | undefined;
  /** The MaxMind DB file callers' addresses are placed with (GEOIP_DATABASE); unset: no lookups. */
  geoipDatabase: string | undefined;
  /** Threads in libuv's pool (argon2, WebCrypto, file access share it). */
  threadPoolSize: number;
  /** The server-wide rate limits, every rule resolved; a project's config overrides them per rule. */
  rateLimits: Record<RateLimitId, { max: number; windowSeconds: number }>;
  /** Named OAuth providers pointed somewhere else than their public endpoints (OAUTH_PROVIDER_ENDPOINTS). */
  oauthEndpoints: OAuthEndpointOverrides;
  /**
   * Shared OAuth keys outside production (services/oauth/shared-provider.ts): an external
   * OpenID provider when `issuer` is set, otherwise Gatehouse's own development provider.
   */
  oauthShared: { issuer: string | undefined; clientSecret: string | undefined };
  /** Tests only (never production): passkey challenges are the fixed bytes "MOCK". */
  passkeyFixedTestChallenge: boolean;
  /** Stripe Connect, when a platform key is configured (integrations/stripe.ts). */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBaseUrl: string | undefined; publishableKey: string | undefined; jsUrl: string };
  /** The analytics engine (services/analytics/engine.ts). */
  analytics: { engine: "builtin" | "clickhouse" | "chdb"; clickhouseUrl: string | undefined; chdbPath: string | undefined };
  /** The language model behind the AI routes (integrations/ai-model.ts); null when none is configured. */
  ai: AiSettings | null;
  /** Addresses internal feedback is mailed to (lower-cased, without duplicates); empty: kept only. */
  feedbackRecipients: string[];
  /** DNS servers that verified-domain checks ask (integrations/dns-txt.ts); empty: the system's resolvers. */
  dnsServers: string[];
}

export interface AiSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  maxConcurrentRequests: number;
  maxOutputTokens: number;
}

/**
 * As the OpenTelemetry specification says: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is the URL itself,
 * OTEL_EXPORTER_OTLP_ENDPOINT a base that `v1/traces` is appended to; headers are `key=value`
 * pairs, comma-separated and URL-encoded; the traces-specific variables win.
 */
function tracingSettings(e: Env): AppConfig["tracing"] {
  if (e.OTEL_SDK_DISABLED) return null;
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` : undefined);
  if (!tracesUrl) return null;
  const headers: Record<string, string> = {};
  for (const list of [e.OTEL_EXPORTER_OTLP_HEADERS, e.OTEL_EXPORTER_OTLP_TRACES_HEADERS]) {
    for (const pair of (list ?? "").split(",")) {
      const at = pair.indexOf("=");
      if (at > 0) headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
    }
  }
  return { tracesUrl, headers, serviceName: e.OTEL_SERVICE_NAME };
}

/** Parses the environment once; nothing else in the server reads `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if (e.AI_BASE_URL && !e.AI_MODEL) throw new Error("Invalid environment:\n  AI_MODEL: required when AI_BASE_URL is set (the model id the endpoint serves)");
  const feedbackRecipients = (e.STACK_INTERNAL_FEEDBACK_RECIPIENTS ?? "").split(",").map((r) => r.trim().toLowerCase());
  const badRecipient = feedbackRecipients.find((r) => r !== "" && !z.email().safeParse(r).success);
  if (badRecipient) throw new Error(`Invalid environment:\n  STACK_INTERNAL_FEEDBACK_RECIPIENTS: "${badRecipient}" is not an e-mail address`);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    publicWebUrl: (e.PUBLIC_WEB_URL ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePooler: e.DATABASE_POOLER,
    serverSecret: e.STACK_SERVER_SECRET,
    seedInternalKeys: {
      publishableClientKey: e.STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY,
      secretServerKey: e.STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY,
      superSecretAdminKey: e.STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY,
    },
    seedInternalConfig: {
      signUpEnabled: e.STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED,
      otpEnabled: e.STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED,
      allowLocalhost: e.STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST,
      oauthProviders: e.STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS,
    },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sharedEmailServer: e.STACK_EMAIL_HOST
      ? {
          host: e.STACK_EMAIL_HOST,
          port: e.STACK_EMAIL_PORT,
          username: e.STACK_EMAIL_USERNAME,
          password: e.STACK_EMAIL_PASSWORD,
          sender: e.STACK_EMAIL_SENDER,
        }
      : undefined,
    sharedEmailServerForProjectMail: e.EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL,
    emailSendWaitMs: e.EMAIL_SEND_WAIT_MS,
    cronSecret: e.CRON_SECRET,
    emailQueue: {
      maxAttempts: e.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: e.EMAIL_RETRY_BASE_MS,
      pollMs: e.EMAIL_POLL_MS,
      concurrency: e.EMAIL_WORKER_CONCURRENCY,
      capacityPerHour: e.EMAIL_CAPACITY_PER_HOUR,
    },
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT_MS, pollMs: e.WEBHOOK_POLL_MS },
    retention: { retentionSeconds: e.RETENTION_DAYS * 86_400, intervalMs: e.RETENTION_SWEEP_SECONDS * 1000 },
    logDebug: e.LOG_LEVEL === "debug",
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    tracing: tracingSettings(e),
    serveWeb: e.SERVE_WEB,
    logRequests: e.LOG_REQUESTS,
    trustProxy: e.TRUST_PROXY,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    geoipDatabase: e.GEOIP_DATABASE,
    threadPoolSize: e.UV_THREADPOOL_SIZE,
    rateLimits: serverWideRateLimits(e.RATE_LIMIT_MULTIPLIER, parseRateLimitList(e.RATE_LIMITS).settings),
    oauthEndpoints: e.OAUTH_PROVIDER_ENDPOINTS,
    passkeyFixedTestChallenge: e.PASSKEY_FIXED_TEST_CHALLENGE,
    oauthShared: { issuer: e.OAUTH_SHARED_ISSUER?.replace(/\/+$/, ""), clientSecret: e.OAUTH_SHARED_CLIENT_SECRET },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: e.STRIPE_API_BASE_URL,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      jsUrl: e.STRIPE_JS_URL,
    },
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
            apiKey: e.AI_API_KEY,
            model: e.AI_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
            maxConcurrentRequests: e.AI_MAX_CONCURRENT_REQUESTS,
            maxOutputTokens: e.AI_MAX_OUTPUT_TOKENS,
          }
        : null,
    feedbackRecipients: [...new Set(feedbackRecipients.filter((r) => r !== ""))],
    dnsServers: (e.DNS_SERVERS ?? "").split(",").map((s) => s.trim()).filter((s) => s !== ""),
    analytics: { engine: e.ANALYTICS_ENGINE, clickhouseUrl: e.ANALYTICS_CLICKHOUSE_URL, chdbPath: e.ANALYTICS_CHDB_PATH },
  };
}
