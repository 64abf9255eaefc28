/**
 * Self-serve SSO set-up (issue 30 §3). The project's server or admin, or a team admin (a member
 * holding `$update_team`), makes a set-up link for a team; whoever holds it configures that
 * team's SSO connections, domains and SCIM directory, and tests a connection, without access to
 * the project's dashboard.
 *
 * The link's token is shown once and stored as a SHA-256 digest; it names one team of one
 * project branch, works until it expires (7 days unless asked otherwise, 30 at most) or is
 * revoked, and goes with its team. The page it opens is the web app's `/sso-setup`, the token in
 * the URL's fragment (which browsers send neither to the server nor in Referer).
 *
 * Every portal operation reaches the team through `PortalCaller.teamId` and the same services
 * the project's API uses, which take the team id and touch nothing outside it. The audit log
 * names the link as the actor (`sso_portal`).
 */
import { hashSecret } from "../../crypto/secret-hash";
import { newId, randomBase62 } from "../../crypto/random";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { findSsoTestSignIn, insertSsoPortalLink, insertSsoTestSignIn, listSsoPortalLinks, revokeSsoPortalLinkRow, useSsoPortalLink } from "../../db/queries/sso-portal";
import type { SsoPortalLink, SsoTestSignIn } from "../../domain/sso";
import type { ScimDirectory } from "../../domain/scim";
import type { Team } from "../../domain/teams";
import { KnownError } from "../../errors";
import { recordAuditEvent, type AuditEventInput } from "../audit-log/record";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { createDirectory, deleteDirectory, getDirectory, listDirectories, revokeDirectoryToken, rotateDirectoryToken, type AdminActor } from "../scim/directories";
import type { ClientInfo } from "../sessions/client-info";
import { getTeam } from "../teams/teams";
import type { SsoAuditContext } from "./audit";
import { getConnection } from "./connections";
import { startTestSignIn } from "./flow";

export const PORTAL_LINK_DEFAULT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const PORTAL_LINK_MIN_LIFETIME_MS = 5 * 60 * 1000;
export const PORTAL_LINK_MAX_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const TEST_SIGN_IN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const TOKEN_PREFIX = "ssop_";
const TOKEN_PATTERN = /^ssop_[0-9A-Za-z]{43}$/;

/** The web app's set-up page. */
export const portalPageUrl = (deps: ServiceDeps) => `${deps.settings.publicWebUrl.replace(/\/+$/, "")}/sso-setup`;

export interface CreatedPortalLink {
  link: SsoPortalLink;
  token: string;
  url: string;
}

const linkNotFound = (id: string) => new KnownError("SSO_PORTAL_LINK_NOT_FOUND", { link_id: id });

export async function createPortalLink(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  input: { expiresInMillis?: number },
  audit: SsoAuditContext,
): Promise<CreatedPortalLink> {
  await getTeam(deps, tenancy, teamId);
  const lifetime = Math.min(Math.max(input.expiresInMillis ?? PORTAL_LINK_DEFAULT_LIFETIME_MS, PORTAL_LINK_MIN_LIFETIME_MS), PORTAL_LINK_MAX_LIFETIME_MS);
  const token = `${TOKEN_PREFIX}${randomBase62(43)}`;
  const createdBy: SsoPortalLink["createdBy"] = {
    type: audit.actor.type === "user" || audit.actor.type === "admin" ? audit.actor.type : "server",
    id: audit.actor.id,
  };
  const link = await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        const made = await insertSsoPortalLink(tx, tenancy, {
          id: newId(),
          teamId,
          tokenHash: hashSecret(token),
          tokenHint: token.slice(-4),
          createdBy,
          expiresAt: new Date(Date.now() + lifetime),
        });
        await recordAuditEvent(deps, tx, {
          tenancy,
          action: "sso.portal_link.created",
          ...audit,
          target: { type: "sso_portal_link", id: made.id },
          teamId,
          details: { expires_at_millis: made.expiresAtMillis, token_hint: made.tokenHint },
        });
        return made;
      }),
    () => new KnownError("TEAM_NOT_FOUND", { team_id: teamId }),
  );
  return { link, token, url: `${portalPageUrl(deps)}#token=${token}` };
}

export async function listPortalLinks(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<SsoPortalLink[]> {
  await getTeam(deps, tenancy, teamId);
  return listSsoPortalLinks(deps.db, tenancy, teamId);
}

/** Ends the link at once (a revoked link stays listed, as revoked). */
export async function revokePortalLink(deps: ServiceDeps, tenancy: Tenancy, teamId: string, linkId: string, audit: SsoAuditContext): Promise<SsoPortalLink> {
  await getTeam(deps, tenancy, teamId);
  return deps.db.transaction(async (tx) => {
    const revoked = await revokeSsoPortalLinkRow(tx, tenancy, teamId, linkId);
    if (!revoked) throw linkNotFound(linkId);
    await recordAuditEvent(deps, tx, { tenancy, action: "sso.portal_link.revoked", ...audit, target: { type: "sso_portal_link", id: linkId }, teamId });
    return revoked;
  });
}

/** Whoever holds a live set-up link: its team of its project branch, and nothing else. */
export interface PortalCaller {
  tenancy: Tenancy;
  teamId: string;
  link: SsoPortalLink;
  client: ClientInfo | null;
}

/** The caller of `Authorization: Bearer <token>`; SSO_PORTAL_TOKEN_INVALID for anything but a live link's token. */
export async function authenticatePortal(deps: ServiceDeps, authorization: string | undefined, client: ClientInfo | null): Promise<PortalCaller> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) throw new KnownError("SSO_PORTAL_TOKEN_INVALID");
  const link = await useSsoPortalLink(deps.db, hashSecret(token));
  if (!link) throw new KnownError("SSO_PORTAL_TOKEN_INVALID");
  const lookup = await deps.tenancies.lookup(link.projectId, link.branchId);
  if (!lookup.found) throw new KnownError("SSO_PORTAL_TOKEN_INVALID");
  return { tenancy: lookup.tenancy, teamId: link.teamId, link, client };
}

/** The link as the actor of the changes made through it. */
export function portalAudit(caller: PortalCaller): SsoAuditContext {
  return { actor: { type: "sso_portal", id: caller.link.id }, client: caller.client };
}

function portalScimActor(caller: PortalCaller): AdminActor {
  const actor: AuditEventInput["actor"] = { type: "sso_portal", id: caller.link.id };
  return { userId: null, client: caller.client, actor };
}

/** What the set-up page shows on top: the team and the project. */
export async function portalOverview(deps: ServiceDeps, caller: PortalCaller): Promise<{ team: Team; projectName: string; link: SsoPortalLink }> {
  const team = await getTeam(deps, caller.tenancy, caller.teamId);
  return { team, projectName: caller.tenancy.project.displayName, link: caller.link };
}

// ---------------------------------------------------------------- SCIM

export async function listPortalDirectories(deps: ServiceDeps, caller: PortalCaller): Promise<ScimDirectory[]> {
  return listDirectories(deps, caller.tenancy, caller.teamId);
}

/** The team's directory `id`; another team's is not found. */
async function portalDirectory(deps: ServiceDeps, caller: PortalCaller, id: string): Promise<ScimDirectory> {
  const directory = await getDirectory(deps, caller.tenancy, id);
  if (directory.teamId !== caller.teamId) throw new KnownError("SCIM_DIRECTORY_NOT_FOUND", { directory_id: id });
  return directory;
}

export async function createPortalDirectory(deps: ServiceDeps, caller: PortalCaller, displayName: string): Promise<{ directory: ScimDirectory; token: string }> {
  return createDirectory(deps, caller.tenancy, portalScimActor(caller), { teamId: caller.teamId, displayName });
}

export async function rotatePortalDirectoryToken(deps: ServiceDeps, caller: PortalCaller, id: string): Promise<{ directory: ScimDirectory; token: string }> {
  await portalDirectory(deps, caller, id);
  return rotateDirectoryToken(deps, caller.tenancy, portalScimActor(caller), id);
}

export async function revokePortalDirectoryToken(deps: ServiceDeps, caller: PortalCaller, id: string): Promise<ScimDirectory> {
  await portalDirectory(deps, caller, id);
  return revokeDirectoryToken(deps, caller.tenancy, portalScimActor(caller), id);
}

export async function deletePortalDirectory(deps: ServiceDeps, caller: PortalCaller, id: string): Promise<void> {
  await portalDirectory(deps, caller, id);
  await deleteDirectory(deps, caller.tenancy, portalScimActor(caller), id);
}

// ---------------------------------------------------------------- test sign-in

/** Starts a test sign-in through the team's connection: where to send the browser. */
export async function startPortalTestSignIn(deps: ServiceDeps, caller: PortalCaller, connectionId: string): Promise<{ test: SsoTestSignIn; location: string }> {
  const connection = await getConnection(deps, caller.tenancy, caller.teamId, connectionId);
  const id = newId();
  // The flow first: a test is noted only once the browser has somewhere to go.
  const { location } = await startTestSignIn(deps, caller.tenancy, connection, id, portalPageUrl(deps));
  const test = await insertSsoTestSignIn(deps.db, caller.tenancy, {
    id,
    teamId: caller.teamId,
    connectionId,
    portalLinkId: caller.link.id,
    expiresAt: new Date(Date.now() + TEST_SIGN_IN_LIFETIME_MS),
  });
  return { test, location };
}

export async function getPortalTestSignIn(deps: ServiceDeps, caller: PortalCaller, testId: string): Promise<SsoTestSignIn> {
  const test = await findSsoTestSignIn(deps.db, caller.tenancy, caller.teamId, testId);
  if (!test) throw new KnownError("SSO_TEST_SIGN_IN_NOT_FOUND", { test_id: testId });
  return test;
}
