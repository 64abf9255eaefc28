/**
 * SSO enforcement: a team that verified a domain may require its people to sign in through the
 * team's SSO connection. Every address on such a domain is then refused by every other way in:
 *
 * - finishSignIn (services/auth/finish-sign-in.ts), where every sign-in of an existing account
 *   ends (password, e-mailed code or link, passkey, an OAuth provider's code, Apple native),
 *   looks at all the user's e-mail addresses, not only the one used to sign in, so that a second
 *   address cannot be used to get round it; a sign-in through SSO passes only when it came
 *   through a connection of the team that owns the domain;
 * - sign-ups and the sending of sign-in codes refuse such an address before anything is made
 *   (password sign-up, OTP, OAuth provider sign-up), so that no account appears that could only
 *   be refused later.
 *
 * Sessions opened before enforcement was switched on are not ended by it.
 */
import { findSsoRequiredAddress, findVerifiedDomain } from "../../db/queries/sso";
import type { Queryable } from "../../db/db";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** The team that requires SSO for this address, or null. */
async function enforcingTeam(q: Queryable, tenancy: Tenancy, email: string): Promise<{ teamId: string; domain: string } | null> {
  const domain = emailDomain(email);
  const owner = await findVerifiedDomain(q, tenancy, domain);
  return owner?.requireSso ? { teamId: owner.teamId, domain } : null;
}

/** Refuses an address that must sign in through SSO (for sign-ups and code sending by another method). */
export async function refuseIfSsoRequired(deps: ServiceDeps, tenancy: Tenancy, email: string | null | undefined): Promise<void> {
  if (!email) return;
  const team = await enforcingTeam(deps.db, tenancy, email);
  if (team) throw new KnownError("SSO_REQUIRED", { email, domain: team.domain });
}

/** Refuses a sign-in of a user any of whose addresses must sign in through SSO, unless it came through that team's connection. */
export async function refuseUnlessSsoOf(deps: ServiceDeps, tenancy: Tenancy, userId: string, ssoTeamId: string | null): Promise<void> {
  const address = await findSsoRequiredAddress(deps.db, tenancy, userId, ssoTeamId);
  if (address) throw new KnownError("SSO_REQUIRED", { email: address, domain: emailDomain(address) });
}
