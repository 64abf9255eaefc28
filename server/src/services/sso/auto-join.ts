import type { Queryable } from "../../db/db";
import { findVerifiedDomain } from "../../db/queries/sso";
import type { Tenancy } from "../projects/tenancy";
import { joinTeam } from "../teams/team-membership";
import { emailDomain } from "./enforcement";

/**
 * Auto-join: a user made with a verified address on a domain whose team switched auto-join on
 * becomes a member of that team (with the project's default member permissions), in the
 * transaction that makes them. An unverified address joins nothing: anyone can type one.
 */
export async function autoJoinVerifiedDomainTeam(q: Queryable, tenancy: Tenancy, userId: string, verifiedEmail: string): Promise<void> {
  const owner = await findVerifiedDomain(q, tenancy, emailDomain(verifiedEmail));
  if (owner?.autoJoin) await joinTeam(q, tenancy, owner.teamId, userId);
}
