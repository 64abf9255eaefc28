/**
 * The outcome of a test sign-in (flow.ts startTestSignIn): what the identity provider asserted,
 * and whether a real sign-in with it would get past the connection's own checks (an address, on
 * one of the team's verified domains, through a switched-on connection). The project's merge
 * rules and sign-up rules are not judged: they depend on who the person is, not on the set-up.
 */
import { findVerifiedDomain } from "../../db/queries/sso";
import { setSsoTestOutcome } from "../../db/queries/sso-portal";
import type { SsoConnection, SsoTestOutcome } from "../../domain/sso";
import { KnownError } from "../../errors";
import { normalizeEmail } from "../auth/passwords";
import { recordAuditEvent } from "../audit-log/record";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import type { SsoIdentity } from "./accounts";
import { emailDomain } from "./enforcement";

const refusal = (error: KnownError) => ({ code: error.code, message: error.message });

export async function testOutcome(deps: ServiceDeps, tenancy: Tenancy, connection: SsoConnection, identity: SsoIdentity): Promise<SsoTestOutcome> {
  const asserted = { status: "asserted" as const, subject: identity.subject, email: identity.email, name: identity.displayName };
  if (!identity.email) return { ...asserted, refusal: refusal(new KnownError("SSO_EMAIL_MISSING")) };
  let email: string;
  try {
    email = normalizeEmail(identity.email);
  } catch {
    return { ...asserted, refusal: refusal(new KnownError("SSO_EMAIL_MISSING")) };
  }
  const owner = await findVerifiedDomain(deps.db, tenancy, emailDomain(email));
  if (!owner || owner.teamId !== connection.teamId) return { ...asserted, refusal: refusal(new KnownError("SSO_EMAIL_DOMAIN_NOT_ALLOWED", { email })) };
  if (!connection.enabled) return { ...asserted, refusal: refusal(new KnownError("SSO_CONNECTION_DISABLED")) };
  return { ...asserted, refusal: null };
}

/** Notes the outcome on the test (its first one stands) and on the audit log. */
export async function finishTestSignIn(deps: ServiceDeps, tenancy: Tenancy, connection: SsoConnection, testId: string, outcome: SsoTestOutcome): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await setSsoTestOutcome(tx, tenancy, testId, outcome);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "sso.test_sign_in.finished",
      actor: { type: "sso", id: connection.id },
      target: { type: "sso_connection", id: connection.id },
      teamId: connection.teamId,
      client: null,
      details: { test_id: testId, status: outcome.status, refusal: outcome.refusal?.code ?? null },
    });
  });
}
