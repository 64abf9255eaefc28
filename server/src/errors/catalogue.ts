import { aiErrors } from "./ai";
import { analyticsErrors } from "./analytics";
import { apiKeyErrors } from "./api-keys";
import { auditLogErrors } from "./audit-log";
import { cliErrors } from "./cli";
import { configErrors } from "./config";
import { dataVaultErrors } from "./data-vault";
import { emailErrors } from "./emails";
import type { ErrorSpec } from "./define";
import { generalErrors } from "./general";
import { mfaErrors } from "./mfa";
import { passkeyErrors } from "./passkeys";
import { oauthErrors } from "./oauth";
import { oauthAppErrors } from "./oauth-apps";
import { paymentErrors } from "./payments";
import { permissionErrors } from "./permissions";
import { projectErrors } from "./projects";
import { scimErrors } from "./scim";
import { sessionErrors } from "./sessions";
import { sessionReplayErrors } from "./session-replays";
import { signUpRuleErrors } from "./sign-up-rules";
import { ssoErrors } from "./sso";
import { teamErrors } from "./teams";
import { userErrors } from "./users";
import { webhookErrors } from "./webhooks";

/** Each area's errors, for the check that no code is defined twice (catalogue.test.ts). */
export const errorAreas = {
  generalErrors,
  projectErrors,
  sessionErrors,
  userErrors,
  signUpRuleErrors,
  teamErrors,
  permissionErrors,
  apiKeyErrors,
  mfaErrors,
  cliErrors,
  passkeyErrors,
  oauthErrors,
  oauthAppErrors,
  scimErrors,
  dataVaultErrors,
  emailErrors,
  webhookErrors,
  paymentErrors,
  aiErrors,
  configErrors,
  analyticsErrors,
  sessionReplayErrors,
  ssoErrors,
  auditLogErrors,
};

/** Every known error the server can answer, by code. Areas keep their own files; this joins them. */
export const knownErrors = {
  ...generalErrors,
  ...projectErrors,
  ...sessionErrors,
  ...userErrors,
  ...signUpRuleErrors,
  ...teamErrors,
  ...permissionErrors,
  ...apiKeyErrors,
  ...mfaErrors,
  ...cliErrors,
  ...passkeyErrors,
  ...oauthErrors,
  ...oauthAppErrors,
  ...scimErrors,
  ...dataVaultErrors,
  ...emailErrors,
  ...webhookErrors,
  ...paymentErrors,
  ...aiErrors,
  ...configErrors,
  ...analyticsErrors,
  ...sessionReplayErrors,
  ...ssoErrors,
  ...auditLogErrors,
};

export type KnownErrorCode = keyof typeof knownErrors;
export type KnownErrorDetails<C extends KnownErrorCode> =
  (typeof knownErrors)[C] extends ErrorSpec<infer D> ? D : never;
