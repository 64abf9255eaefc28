/**
 * The test tools that reach a server only over HTTP, or stand in for what lies outside it: an
 * SMTP server, a webhook endpoint, an OpenID provider, Stripe, an AI provider, an authenticator,
 * a TOTP app. None of them loads a server module (lint keeps their files to type imports from
 * outside testing/), so the black-box suites in test/ take them, through their harness, as
 * `@gatehouse/server/testing/tools` without reaching into the server. The OpenID provider
 * stand-in (oidc-provider, a large module) is an entry of its own,
 * `@gatehouse/server/testing/oidc-stand-in`, loaded only by the tests that sign in through it.
 */
export { freePort } from "./free-port";
export { TEST_INTERNAL_KEYS } from "./seed-keys";
export * from "./fixtures";
export { startMailCatcher, type MailCatcher, type CaughtMail } from "./mail-catcher";
export { newTotpSecret, signUpWithTotp, totpCode, wrongTotpCode } from "./totp";
export { startWebhookReceiver, type WebhookReceiver, type ReceivedWebhook } from "./webhook-receiver";
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
export { startDnsStandIn, type DnsStandIn } from "./dns-stand-in";
export {
  ASSERTION_XPATH,
  assertionXml,
  certificateBody,
  createSamlIdp,
  encode as encodeSamlResponse,
  encryptAssertion,
  newIdpKeys,
  readAuthnRequest,
  RESPONSE_XPATH,
  responseXml,
  signElement,
  type AssertionFields,
  type SamlIdp,
} from "./saml-idp";
export { createTeam, postToAcs, redirectedError, startSsoSignIn, tradeCallback, verifiedDomain } from "./sso-flow";
