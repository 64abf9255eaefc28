/**
 * A team's domains. A team adds a domain and gets a TXT record to publish
 * (`_gatehouse-verification.<domain>` = `gatehouse-verification=<token>`); verifying looks the
 * record up (deps.dnsTxt). A domain has one verified owner per project: the partial unique index
 * on sso_domains decides a race between two teams.
 *
 * Once verified, a domain may auto-join (a user made with a verified address on it joins the
 * team: auto-join.ts) and may require SSO (enforcement.ts). Both are off until switched on, and
 * only a verified domain can switch them on.
 */
import { randomBytes } from "node:crypto";
import { newId } from "../../crypto/random";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { isUniqueViolation } from "../../db/errors";
import { deleteSsoDomainRow, findSsoDomain, findVerifiedDomain, insertSsoDomain, listSsoDomains, markSsoDomainVerified, updateSsoDomainOptions } from "../../db/queries/sso";
import type { SsoDomain } from "../../domain/sso";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { getTeam } from "../teams/teams";
import { recordAuditEvent } from "../audit-log/record";
import type { SsoAuditContext } from "./audit";

const VERIFICATION_RECORD_PREFIX = "_gatehouse-verification";
const VERIFICATION_VALUE_PREFIX = "gatehouse-verification=";

/** A lower-case host name of at least two labels: letters, digits and hyphens, no IP address. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

function normalizeDomain(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, "");
  if (!DOMAIN.test(domain)) throw new KnownError("SSO_DOMAIN_INVALID", { domain: raw.slice(0, 253) });
  return domain;
}

export function verificationRecord(domain: SsoDomain): { name: string; value: string } {
  return { name: `${VERIFICATION_RECORD_PREFIX}.${domain.domain}`, value: `${VERIFICATION_VALUE_PREFIX}${domain.verificationToken}` };
}

export async function listDomains(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<SsoDomain[]> {
  await getTeam(deps, tenancy, teamId);
  return listSsoDomains(deps.db, tenancy, teamId);
}

async function getDomain(deps: ServiceDeps, tenancy: Tenancy, teamId: string, domainId: string): Promise<SsoDomain> {
  await getTeam(deps, tenancy, teamId);
  const domain = await findSsoDomain(deps.db, tenancy, teamId, domainId);
  if (!domain) throw new KnownError("SSO_DOMAIN_NOT_FOUND", { domain_id: domainId });
  return domain;
}

export async function addDomain(deps: ServiceDeps, tenancy: Tenancy, teamId: string, rawDomain: string, audit: SsoAuditContext): Promise<SsoDomain> {
  await getTeam(deps, tenancy, teamId);
  const domain = normalizeDomain(rawDomain);
  const owner = await findVerifiedDomain(deps.db, tenancy, domain);
  if (owner && owner.teamId !== teamId) throw new KnownError("SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM", { domain });
  return unlessDeletedMeanwhile(() => deps.db.transaction(async (tx) => {
    const added = await insertSsoDomain(tx, tenancy, {
      id: newId(),
      teamId,
      domain,
      verificationToken: randomBytes(24).toString("base64url"),
      autoJoin: false,
      requireSso: false,
    });
    if (!added) throw new KnownError("SSO_DOMAIN_ALREADY_ADDED", { domain });
    await recordAuditEvent(deps, tx, { tenancy, action: "sso.domain.added", ...audit, target: { type: "sso_domain", id: added.id }, teamId, details: { domain } });
    return added;
  }), () => new KnownError("TEAM_NOT_FOUND", { team_id: teamId }));
}

/** Looks the TXT record up; marks the domain verified when it is there. */
export async function verifyDomain(deps: ServiceDeps, tenancy: Tenancy, teamId: string, domainId: string, audit: SsoAuditContext): Promise<SsoDomain> {
  const domain = await getDomain(deps, tenancy, teamId, domainId);
  if (domain.verifiedAtMillis !== null) return domain;
  const record = verificationRecord(domain);
  let found: string[];
  try {
    found = await deps.dnsTxt.txt(record.name);
  } catch (error) {
    deps.log.info("DNS TXT lookup failed", { name: record.name, error: String(error) });
    found = [];
  }
  if (!found.some((value) => value.trim() === record.value)) {
    throw new KnownError("SSO_DOMAIN_VERIFICATION_FAILED", { domain: domain.domain, record_name: record.name, record_value: record.value });
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const verified = await markSsoDomainVerified(tx, tenancy, teamId, domainId);
      if (!verified) throw new KnownError("SSO_DOMAIN_NOT_FOUND", { domain_id: domainId });
      await recordAuditEvent(deps, tx, {
        tenancy,
        action: "sso.domain.verified",
        ...audit,
        target: { type: "sso_domain", id: domainId },
        teamId,
        details: { domain: verified.domain },
      });
      return verified;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new KnownError("SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM", { domain: domain.domain });
    throw error;
  }
}

/** Switches auto-join and SSO enforcement (on the audit log: who may sign in how changes with them). */
export async function updateDomain(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  domainId: string,
  changes: { autoJoin?: boolean; requireSso?: boolean },
  audit: SsoAuditContext,
): Promise<SsoDomain> {
  const domain = await getDomain(deps, tenancy, teamId, domainId);
  const next = { autoJoin: changes.autoJoin ?? domain.autoJoin, requireSso: changes.requireSso ?? domain.requireSso };
  if ((next.autoJoin || next.requireSso) && domain.verifiedAtMillis === null) throw new KnownError("SSO_DOMAIN_NOT_VERIFIED", { domain: domain.domain });
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateSsoDomainOptions(tx, tenancy, teamId, domainId, next);
    if (!row) return null;
    if (row.autoJoin !== domain.autoJoin || row.requireSso !== domain.requireSso) {
      await recordAuditEvent(deps, tx, {
        tenancy,
        action: "sso.domain.updated",
        ...audit,
        target: { type: "sso_domain", id: domainId },
        teamId,
        details: { domain: row.domain, auto_join: row.autoJoin, require_sso: row.requireSso },
      });
    }
    return row;
  });
  if (!updated) throw new KnownError("SSO_DOMAIN_NOT_FOUND", { domain_id: domainId });
  return updated;
}

export async function removeDomain(deps: ServiceDeps, tenancy: Tenancy, teamId: string, domainId: string, audit: SsoAuditContext): Promise<SsoDomain> {
  await getTeam(deps, tenancy, teamId);
  return deps.db.transaction(async (tx) => {
    const removed = await deleteSsoDomainRow(tx, tenancy, teamId, domainId);
    if (!removed) throw new KnownError("SSO_DOMAIN_NOT_FOUND", { domain_id: domainId });
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "sso.domain.removed",
      ...audit,
      target: { type: "sso_domain", id: domainId },
      teamId,
      details: { domain: removed.domain, was_verified: removed.verifiedAtMillis !== null },
    });
    return removed;
  });
}
