/**
 * The audit events of a user created or changed through the users service. A change to a
 * sign-in factor (second factor, passkeys switched off, password, primary e-mail) is recorded
 * whoever makes it; other changes, and creations, only when server or admin access made them
 * (a user's own profile edits are not security events, and sign-ups record their own).
 * Secrets are named, never recorded.
 */
import type { Queryable } from "../../db/db";
import type { ServiceDeps } from "../deps";
import { recordAuditEvent, requestActor } from "../audit-log/record";
import type { Tenancy } from "../projects/tenancy";

/** The fields of a change this module reads (user-changes.ts's UserChanges has them). */
type UserChanges = Record<string, unknown> & {
  totpSecretBase64?: string | null;
  password?: string | null;
  passwordHash?: string | null;
  primaryEmail?: string | null;
  passkeyAuthEnabled?: boolean;
};

const changedFields = (changes: UserChanges) =>
  Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field)
    .sort();

const byServerOrAdmin = () => ["server", "admin"].includes(requestActor().type);

export async function recordUserCreated(deps: Pick<ServiceDeps, "db">, tx: Queryable, tenancy: Tenancy, userId: string, changes: UserChanges): Promise<void> {
  if (!byServerOrAdmin()) return;
  await recordAuditEvent(deps, tx, { tenancy, action: "user.created", target: { type: "user", id: userId }, details: { fields: changedFields(changes) } });
}

export async function recordUserChanged(deps: Pick<ServiceDeps, "db">, tx: Queryable, tenancy: Tenancy, userId: string, changes: UserChanges): Promise<void> {
  const target = { type: "user", id: userId };
  if (changes.totpSecretBase64 !== undefined) {
    await recordAuditEvent(deps, tx, { tenancy, action: changes.totpSecretBase64 === null ? "auth.mfa.disabled" : "auth.mfa.enabled", target, details: { factor: "totp" } });
  }
  if (changes.passkeyAuthEnabled === false) {
    await recordAuditEvent(deps, tx, { tenancy, action: "auth.passkey.removed", target });
  }
  if (changes.password !== undefined || changes.passwordHash !== undefined) {
    await recordAuditEvent(deps, tx, { tenancy, action: "auth.password.changed", target, details: { removed: changes.password === null || changes.passwordHash === null } });
  }
  if (changes.primaryEmail !== undefined) {
    await recordAuditEvent(deps, tx, { tenancy, action: "auth.email.changed", target, details: { primary_email: changes.primaryEmail } });
  }
  if (byServerOrAdmin()) {
    await recordAuditEvent(deps, tx, { tenancy, action: "user.updated", target, details: { fields: changedFields(changes) } });
  }
}
