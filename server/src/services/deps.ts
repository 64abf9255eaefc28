import type { AppConfig } from "../config/env";
import type { SecretBox } from "../crypto/secret-box";
import type { Db } from "../db/db";
import type { Mailer } from "../integrations/mailer";
import type { EmailRenderer } from "./emails/rendering/renderer";
import type { StripeGateway } from "../integrations/stripe";
import type { AccessTokenVerifier } from "./access-tokens";
import type { AnalyticsEngine } from "./analytics/engine";
import type { ActivityTracker } from "./activity";
import type { ProjectKeyChecker } from "./projects/project-key-checker";
import type { RevokedSessions } from "./revoked-sessions";
import type { SigningKeyStore } from "./signing-keys";
import type { TenancyStore } from "./tenancy";

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** What every service needs; built once by `createDeps` and passed down. Caches live here, per process. */
export interface ServiceDeps {
  db: Db;
  settings: AppConfig;
  log: Logger;
  signingKeys: SigningKeyStore;
  tenancies: TenancyStore;
  projectKeys: ProjectKeyChecker;
  accessTokens: AccessTokenVerifier;
  /** Ended sessions whose access tokens are refused; kept current by services/cache-sync.ts. */
  revokedSessions: RevokedSessions;
  mailer: Mailer;
  /** Renders TSX e-mail templates in isolated worker threads (services/emails/rendering). */
  emailRenderer: EmailRenderer;
  /** Stripe Connect through the platform key; null when the server has none (payments in test mode only). */
  stripe: StripeGateway | null;
  /** Throttled writes of users.last_active_at / sessions.last_used_at (see services/activity.ts). */
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
  /** Where analytics events are stored and queried (services/analytics/engine.ts). */
  analytics: AnalyticsEngine;
}
