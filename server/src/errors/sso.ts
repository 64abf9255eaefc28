import { knownError } from "./define";

/** Enterprise sign-in: SSO connections, verified domains and SSO enforcement. Ours, not Stack Auth's. */
export const ssoErrors = {
  SSO_CONNECTION_NOT_FOUND: knownError<{ connection_id: string }>(404, (d) => `The team has no SSO connection ${d.connection_id}.`),
  SSO_CONNECTION_INVALID: knownError<{ problem: string }>(400, (d) => `This SSO connection cannot be saved: ${d.problem}`),
  SSO_METADATA_INVALID: knownError<{ problem: string }>(400, (d) => `The identity provider's SAML metadata cannot be used: ${d.problem}`),
  SSO_METADATA_UNREACHABLE: knownError<{ url: string }>(400, (d) => `The SAML metadata at ${d.url} could not be fetched.`),
  SSO_NOT_AVAILABLE_FOR_EMAIL: knownError(
    404,
    () => "Single sign-on is not set up for this e-mail address. Sign in another way, or ask your organisation's administrator.",
  ),
  SSO_CONNECTION_DISABLED: knownError(400, () => "This single sign-on connection is switched off. Ask your organisation's administrator."),
  // One answer for an unknown, used, expired or another browser's sign-in, so nothing is learnt from it.
  SSO_FLOW_UNKNOWN: knownError(400, () => "This single sign-on attempt is unknown, expired or already finished. Start signing in again."),
  SSO_FLOW_COOKIE_MISSING: knownError(
    400,
    () => "This browser does not hold the cookie of this single sign-on attempt: it was started in another browser. Start signing in again.",
  ),
  SSO_IDP_RESPONSE_INVALID: knownError<{ reason: string }>(
    400,
    (d) => `The identity provider's answer was refused (${d.reason}). Start signing in again, or ask your organisation's administrator.`,
  ),
  SSO_IDP_UNAVAILABLE: knownError(503, () => "The identity provider could not be reached. Try again in a moment."),
  SSO_IDP_DENIED: knownError(403, () => "The identity provider did not sign you in."),
  SSO_EMAIL_MISSING: knownError(400, () => "The identity provider sent no e-mail address for this person, which Gatehouse needs to sign them in."),
  SSO_EMAIL_DOMAIN_NOT_ALLOWED: knownError<{ email: string }>(
    403,
    (d) => `The identity provider signed in ${d.email}, whose domain is not a verified domain of this organisation.`,
  ),
  SSO_REQUIRED: knownError<{ email: string; domain: string }>(
    403,
    (d) => `Members of ${d.domain} must sign in with single sign-on. Use "Continue with SSO" with ${d.email}.`,
  ),
  SSO_DOMAIN_INVALID: knownError<{ domain: string }>(400, (d) => `${d.domain} is not a domain name a team can claim.`),
  SSO_DOMAIN_ALREADY_ADDED: knownError<{ domain: string }>(409, (d) => `The team has already added ${d.domain}.`),
  SSO_DOMAIN_NOT_FOUND: knownError<{ domain_id: string }>(404, (d) => `The team has no domain ${d.domain_id}.`),
  SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM: knownError<{ domain: string }>(409, (d) => `${d.domain} is already verified by another team of this project.`),
  SSO_DOMAIN_VERIFICATION_FAILED: knownError<{ domain: string; record_name: string; record_value: string }>(
    400,
    (d) => `No TXT record ${d.record_name} with the value ${d.record_value} was found for ${d.domain}. DNS changes can take a while to appear; try again later.`,
  ),
  SSO_DOMAIN_NOT_VERIFIED: knownError<{ domain: string }>(400, (d) => `${d.domain} must be verified before its sign-in options can be switched on.`),
  // One answer for an unknown, expired or revoked link, so nothing is learnt from it.
  SSO_PORTAL_TOKEN_INVALID: knownError(401, () => "This set-up link is unknown, expired or revoked. Ask the project's administrator for a new one."),
  SSO_PORTAL_LINK_NOT_FOUND: knownError<{ link_id: string }>(404, (d) => `The team has no set-up link ${d.link_id}.`),
  SSO_TEST_SIGN_IN_NOT_FOUND: knownError<{ test_id: string }>(404, (d) => `There is no test sign-in ${d.test_id} of this team (results are kept one day).`),
};
