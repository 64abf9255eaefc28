import type { SecurityEvent } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { sessionDevice } from "../sessions/session-device";

type Action = SecurityEvent["action"];

/**
 * What happened, in the person's words and language: the audit log's action names
 * (`auth.sign_in.failed`) are for the project's administrators. The actions a person can find in
 * their own activity are worded; any other keeps its name.
 */
const WORDS: { readonly [A in Action]?: () => string } = {
  "auth.sign_in.succeeded": () => t`Signed in`,
  "auth.sign_in.failed": () => t`Failed sign-in attempt`,
  "auth.sign_up.succeeded": () => t`Account created`,
  "auth.sign_out": () => t`Signed out`,
  "auth.mfa.enabled": () => t`Two-factor authentication turned on`,
  "auth.mfa.disabled": () => t`Two-factor authentication turned off`,
  "auth.passkey.registered": () => t`Passkey added`,
  "auth.passkey.removed": () => t`Passkey removed`,
  "auth.password.changed": () => t`Password changed`,
  "auth.password.reset": () => t`Password reset`,
  "auth.email.changed": () => t`E-mail address changed`,
  "session.revoked": () => t`Session revoked`,
  "session.impersonation.created": () => t`Someone managing this app signed in as you`,
  "api_key.created": () => t`API key created`,
  "api_key.revoked": () => t`API key revoked`,
  "permission.granted": () => t`Permission granted`,
  "permission.revoked": () => t`Permission removed`,
  "team.member.added": () => t`Added to a team`,
  "team.member.removed": () => t`Removed from a team`,
  "user.created": () => t`Account created by the app`,
  "user.updated": () => t`Account changed by the app`,
  "scim.user.created": () => t`Account created by your organisation's directory`,
  "scim.user.updated": () => t`Account changed by your organisation's directory`,
  "scim.user.deactivated": () => t`Account deactivated by your organisation's directory`,
  "sso.sign_in.succeeded": () => t`Signed in with single sign-on`,
  "sso.sign_in.failed": () => t`Failed single sign-on attempt`,
};

export function activityWords(action: Action): string {
  return WORDS[action]?.() ?? action;
}

/** A failed attempt, shown in red: someone may be trying the account. */
export const isFailure = (action: Action) => action.endsWith(".failed");

/** "Chrome on Linux · IP address 192.0.2.1": the device and address an event shows, or "" where it shows neither. */
export function deviceAndAddress(event: SecurityEvent): string {
  const ip = event.ip;
  return [sessionDevice(event.user_agent), ip ? t`IP address ${ip}` : null].filter(Boolean).join(" · ");
}
