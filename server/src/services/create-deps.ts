import type { AppConfig } from "../config/env";
import { setThreadPoolSize } from "../crypto/password";
import { createSecretBox } from "../crypto/secret-box";
import { createOpenAiCompatibleModel } from "../integrations/ai-model";
import { NO_GEO_LOOKUP, openGeoDatabase } from "../integrations/geoip";
import { createTxtResolver } from "../integrations/dns-txt";
import { createMetadataFetcher } from "../integrations/saml-metadata-fetch";
import type { Db } from "../db/db";
import { createSmtpMailer, type Mailer } from "../integrations/mailer";
import { createStripeGateway } from "../integrations/stripe";
import { AccessTokenVerifier } from "./sessions/access-tokens";
import { guardStripeGateway } from "./payments/stripe-gateway";
import { OUTBOX_PURPOSE } from "./emails/outbox";
import { EmailRenderer } from "./emails/rendering/renderer";
import { ActivityTracker } from "./metrics/activity";
import { createAnalyticsEngine } from "./analytics/create-engine";
import type { Logger } from "../logger";
import { createMetrics } from "./observability/metrics";
import type { ServiceDeps } from "./deps";
import { ProjectKeyChecker } from "./projects/project-key-checker";
import { RevokedSessions } from "./sessions/revoked-sessions";
import { SIGNING_KEYS_PURPOSE, SigningKeyStore } from "./sessions/signing-keys";
import { TenancyStore } from "./projects/tenancy";
import { OAuthServers } from "./oauth-apps/servers";
import { createHmac } from "node:crypto";

export function createDeps(
  db: Db,
  settings: AppConfig,
  serverSecret: string,
  log: Logger,
  mailer: Mailer = createSmtpMailer(),
): ServiceDeps {
  setThreadPoolSize(settings.threadPoolSize);
  // First, so that an unreadable GEOIP_DATABASE stops the start before anything else is set going.
  const geo = settings.geoipDatabase ? openGeoDatabase(settings.geoipDatabase, log) : NO_GEO_LOOKUP;
  const signingKeys = new SigningKeyStore(db, createSecretBox(serverSecret, SIGNING_KEYS_PURPOSE));
  const revokedSessions = new RevokedSessions(db, settings.accessTokenTtlSeconds);
  return {
    db,
    settings,
    log,
    metrics: createMetrics(db, { processMetrics: settings.metricsToken !== undefined }),
    signingKeys,
    tenancies: new TenancyStore(db),
    projectKeys: new ProjectKeyChecker(db),
    accessTokens: new AccessTokenVerifier(signingKeys, settings.publicUrl, revokedSessions, log),
    revokedSessions,
    activity: new ActivityTracker(db),
    totpSecrets: createSecretBox(serverSecret, "totp-secrets"),
    outboxSeal: createSecretBox(serverSecret, OUTBOX_PURPOSE),
    unsubscribeLinks: createSecretBox(serverSecret, "unsubscribe-links"),
    webhookSecrets: createSecretBox(serverSecret, "webhook-endpoint-secrets"),
    oauthFlowSeal: createSecretBox(serverSecret, "oauth-flows"),
    providerTokenSeal: createSecretBox(serverSecret, "oauth-provider-tokens"),
    cliLoginSeal: createSecretBox(serverSecret, "cli-login-sessions"),
    ssoSeal: createSecretBox(serverSecret, "sso"),
    dnsTxt: createTxtResolver(settings.dnsServers),
    fetchSamlMetadata: createMetadataFetcher({ allowLoopback: settings.nodeEnv !== "production" }),
    mailer,
    emailRenderer: new EmailRenderer(),
    stripe: guardStripeGateway(createStripeGateway(settings.stripe), log),
    ai: settings.ai ? createOpenAiCompatibleModel(settings.ai) : null,
    analytics: createAnalyticsEngine(db, settings.analytics),
    geo,
    // The OAuth servers' cookies are signed alike on every process sharing the database.
    oauthServers: new OAuthServers(createHmac("sha256", serverSecret).update("oauth-server-cookies").digest("base64url")),
  };
}
