import type { SecurityEvent } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { deviceAndAddress } from "../security-activity/activity-words";

type Action = SecurityEvent["action"];

/**
 * What happened in a team, in its admin's words and language. The audit log's action names are
 * for the project's administrators; an action a team's log can hold is worded here, any other
 * keeps its name.
 */
const WORDS: { readonly [A in Action]?: () => string } = {
  "team.created": () => t`Team created`,
  "team.updated": () => t`Team settings changed`,
  "team.member.added": () => t`Member added`,
  "team.member.removed": () => t`Member removed`,
  "permission.granted": () => t`Team permission granted`,
  "permission.revoked": () => t`Team permission removed`,
  "api_key.created": () => t`Team API key created`,
  "api_key.revoked": () => t`Team API key revoked`,
  "scim.user.created": () => t`Account created by the directory`,
  "scim.user.updated": () => t`Account changed by the directory`,
  "scim.user.deactivated": () => t`Account deactivated by the directory`,
  "scim.user.deleted": () => t`Account removed by the directory`,
  "scim.group.created": () => t`Directory group created`,
  "scim.group.updated": () => t`Directory group changed`,
  "scim.group.deleted": () => t`Directory group removed`,
  "scim.directory.created": () => t`Directory connected`,
  "scim.directory.token_rotated": () => t`Directory token replaced`,
  "scim.directory.token_revoked": () => t`Directory token revoked`,
  "scim.directory.deleted": () => t`Directory removed`,
  "sso.connection.created": () => t`Single sign-on connection added`,
  "sso.connection.updated": () => t`Single sign-on connection changed`,
  "sso.connection.deleted": () => t`Single sign-on connection removed`,
  "sso.sign_in.succeeded": () => t`Signed in with single sign-on`,
  "sso.sign_in.failed": () => t`Failed single sign-on attempt`,
  "sso.domain.added": () => t`Domain added`,
  "sso.domain.verified": () => t`Domain verified`,
  "sso.domain.updated": () => t`Domain settings changed`,
  "sso.domain.removed": () => t`Domain removed`,
  "sso.portal_link.created": () => t`Set-up link created`,
  "sso.portal_link.revoked": () => t`Set-up link revoked`,
  "sso.test_sign_in.finished": () => t`Test sign-in through a set-up link`,
};

export function teamActivityWords(action: Action): string {
  return WORDS[action]?.() ?? action;
}

/**
 * Who acted: "You", a member by their team name (where the reader may see the member list),
 * "A person" otherwise, or the kind of actor that is no person of the team.
 */
export function actorWords(actor: SecurityEvent["actor"], selfId: string, names: ReadonlyMap<string, string>): string {
  switch (actor.type) {
    case "user":
      if (actor.id === selfId) return t`You`;
      return (actor.id ? names.get(actor.id) : undefined) ?? t`A person`;
    case "admin":
      return t`The app's administrators`;
    case "server":
      return t`The app`;
    case "scim":
      return t`Your directory`;
    case "sso":
      return t`Your identity provider`;
    case "sso_portal":
      return t`A set-up link`;
    case "system":
      return t`Automatically`;
  }
}

/** A team event's line ("Member added: Wren Wick") and who acted from where ("The app", "You · Chrome on Linux · IP address …"). */
export function describeTeamEvent(event: SecurityEvent, selfId: string, names: ReadonlyMap<string, string>): { what: string; origin: string } {
  const target = event.target?.type === "user" && event.target.id !== event.actor.id ? (event.target.id === selfId ? t`you` : names.get(event.target.id)) : undefined;
  const words = teamActivityWords(event.action);
  return {
    what: target ? `${words}: ${target}` : words,
    origin: [actorWords(event.actor, selfId, names), deviceAndAddress(event)].filter(Boolean).join(" · "),
  };
}
