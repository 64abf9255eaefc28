/**
 * An audit event: one security-relevant action, as the append-only, hash-chained audit log
 * holds it (db/queries/audit-events.ts maps its row to this once).
 */

/** Every action the audit log records, declared once; `<area>.<thing>.<what happened>`. */
export const AUDIT_ACTIONS = [
  // Sign-in and account security (details.method names the sign-in method).
  "auth.sign_in.succeeded",
  "auth.sign_in.failed",
  "auth.sign_up.succeeded",
  "auth.sign_out",
  "auth.mfa.enabled",
  "auth.mfa.disabled",
  "auth.passkey.registered",
  "auth.passkey.removed",
  "auth.password.changed",
  "auth.password.reset",
  "auth.email.changed",
  // Sessions and API keys.
  "session.revoked",
  "session.impersonation.created",
  "api_key.created",
  "api_key.revoked",
  // Permissions and teams.
  "permission.granted",
  "permission.revoked",
  "team.created",
  "team.updated",
  "team.deleted",
  "team.member.added",
  "team.member.removed",
  // Users managed by server or admin access.
  "user.created",
  "user.updated",
  "user.deleted",
  // The project itself.
  "project.updated",
  "project.config.updated",
  "internal_api_key.created",
  "internal_api_key.revoked",
  // SCIM provisioning.
  "scim.user.created",
  "scim.user.updated",
  "scim.user.deactivated",
  "scim.user.deleted",
  "scim.group.created",
  "scim.group.updated",
  "scim.group.deleted",
  "scim.directory.created",
  "scim.directory.token_rotated",
  "scim.directory.token_revoked",
  "scim.directory.deleted",
  // Single sign-on.
  "sso.connection.created",
  "sso.connection.updated",
  "sso.connection.deleted",
  "sso.sign_in.succeeded",
  "sso.sign_in.failed",
  "sso.domain.added",
  "sso.domain.verified",
  "sso.domain.updated",
  "sso.domain.removed",
  "sso.portal_link.created",
  "sso.portal_link.revoked",
  "sso.test_sign_in.finished",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a user on their own account, a dashboard admin, server-key code, a directory, an IdP, a team admin through a set-up link (its id), or Gatehouse itself. */
export const AUDIT_ACTOR_TYPES = ["user", "admin", "server", "scim", "sso", "sso_portal", "system"] as const;

export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export interface AuditEvent {
  /** Position in the project branch's chain: 1, 2, 3, ... without gaps (until retention cuts the head). */
  seq: number;
  id: string;
  createdAtMillis: number;
  action: AuditAction;
  actor: { type: AuditActorType; id: string | null };
  target: { type: string; id: string } | null;
  teamId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  /** The previous event's hash (the genesis or retention checkpoint hash for the first one). */
  prevHash: string;
  /** SHA-256 (hex) over this event's canonical form and prevHash. */
  hash: string;
}
