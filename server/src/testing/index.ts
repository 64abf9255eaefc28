export { createPostgresDatabase, createTestDb, openPooledTestDb, postgresAdminUrl, testDbKind, type TestDbKind } from "./test-db";
export { createPgliteDataDir } from "./pglite-template";
export { createTestApp, startTestServer, freePort, TEST_INTERNAL_KEYS, TEST_SERVER_SECRET, type TestApp, type RunningTestServer } from "./test-server";
export * from "./fixtures";
export { startMailCatcher, type MailCatcher, type CaughtMail } from "./mail-catcher";
/** For tests that need mail in the outbox before the routes that send it exist in their area. */
export { deliverEmail } from "../services/emails/delivery";
/** For tests that need a code in a state the API cannot put it in quickly (expired). */
export { issueCode } from "../services/auth/verification-codes";
export { newTotpSecret, signUpWithTotp, totpCode, wrongTotpCode } from "./totp";
export { startWebhookReceiver, type WebhookReceiver, type ReceivedWebhook } from "./webhook-receiver";
/** For tests of a running server, which has no delivery worker: one pass of it, when the test wants. */
export { deliverDueWebhooks } from "../services/webhooks/delivery-worker";
export { SoftAuthenticator, type StoredPasskey } from "./webauthn";
export {
  authorizeQuery,
  CLIENT_ERROR_PAGE,
  CLIENT_REDIRECT,
  configureOAuth,
  exchangeCode,
  followProvider,
  newPkce,
  runFlow,
  signInThroughProvider,
  type OAuthProject,
  type ProviderSetting,
} from "./oauth-flow";
export { declareTestCatalog, TEST_CATALOG } from "./payments-catalog";
export { PURCHASE_CATALOG } from "./purchase-catalog";
export { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
export { startAiStandIn, type AiStandIn } from "./ai-stand-in";
