import type { AppConfig } from "../config/env";
import type { Logger } from "../logger";
import type { SecretBox } from "../crypto/secret-box";
import type { Db } from "../db/db";
import type { AiModel } from "../integrations/ai-model";
import type { GeoLookup } from "../integrations/geoip";
import type { TxtResolver } from "../integrations/dns-txt";
import type { MetadataFetcher } from "../integrations/saml-metadata-fetch";
import type { Mailer } from "../integrations/mailer";
import type { EmailRenderer } from "./emails/rendering/renderer";
import type { StripeGateway } from "../integrations/stripe";
import type { AccessTokenVerifier } from "./sessions/access-tokens";
import type { AnalyticsEngine } from "./analytics/engine";
import type { ActivityTracker } from "./metrics/activity";
import type { ProjectKeyChecker } from "./projects/project-key-checker";
import type { RevokedSessions } from "./sessions/revoked-sessions";
import type { SigningKeyStore } from "./sessions/signing-keys";
import type { TenancyStore } from "./projects/tenancy";
import type { Metrics } from "./observability/metrics";
import type { OAuthServers } from "./oauth-apps/servers";

/** What every service needs; built once by `createDeps` and passed down. Caches live here, per process. */
export interface ServiceDeps {
  db: Db;
  settings: AppConfig;
  log: Logger;
  /** This process's Prometheus metrics (services/observability/metrics.ts), served at /metrics. */
  metrics: Metrics;
  signingKeys: SigningKeyStore;
  tenancies: TenancyStore;
  projectKeys: ProjectKeyChecker;
  accessTokens: AccessTokenVerifier;
  /** Ended sessions whose access tokens are refused; kept current by services/cache-sync.ts. */
  revokedSessions: RevokedSessions;
  mailer: Mailer;
  /** Renders TSX e-mail templates in isolated worker threads (services/emails/rendering). */
  emailRenderer: EmailRenderer;
  /** The language model of the AI routes (integrations/ai-model.ts); null when none is configured. */
  ai: AiModel | null;
  /** Stripe Connect through the platform key; null when the server has none (payments in test mode only). */
  stripe: StripeGateway | null;
  /** Throttled writes of users.last_active_at / sessions.last_used_at (see services/metrics/activity.ts). */
  activity: ActivityTracker;
  /** Seals TOTP secrets at rest. */
  totpSecrets: SecretBox;
  /** Seals the subject and bodies of outbox messages at rest (they carry live codes and links). */
  outboxSeal: SecretBox;
  /** Seals the user and category an unsubscribe link stands for, so links cannot be forged. */
  unsubscribeLinks: SecretBox;
  /** Seals webhook endpoints' signing secrets, which the server must read back to sign. */
  webhookSecrets: SecretBox;
  /** Seals what an OAuth flow in progress remembers (our client's PKCE challenge, the provider's verifier). */
  oauthFlowSeal: SecretBox;
  /** Seals the access and refresh tokens providers give for linked accounts. */
  providerTokenSeal: SecretBox;
  /** Seals SSO connections' OIDC client secrets and SAML SP private keys, and what an SSO sign-in in progress remembers. */
  ssoSeal: SecretBox;
  /** TXT records for verifying a team's domain (integrations/dns-txt.ts). */
  dnsTxt: TxtResolver;
  /** Fetches SAML IdP metadata from a URL (integrations/saml-metadata-fetch.ts). */
  fetchSamlMetadata: MetadataFetcher;
  /** Seals the refresh tokens a CLI login hands over, between the confirm page and the tool's poll. */
  cliLoginSeal: SecretBox;
  /** Where analytics events are stored and queried (services/analytics/engine.ts). */
  analytics: AnalyticsEngine;
  /** Each project's OAuth 2.1 / OpenID provider, built on first use (services/oauth-apps/provider.ts). */
  oauthServers: OAuthServers;
  /** Places callers' addresses with the GeoIP database (GEOIP_DATABASE); looks up nothing when none is configured. */
  geo: GeoLookup;
}
