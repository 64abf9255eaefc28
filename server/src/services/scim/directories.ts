/**
 * SCIM directories as the project's admins manage them, and the bearer token that stands for
 * one. A directory belongs to one team; its token is made here, shown once (on creation and
 * rotation) and stored as a SHA-256 digest (crypto/secret-hash.ts), found by that digest and
 * compared in constant time. The token names the project, the branch, the directory and so the
 * team: every SCIM request is answered inside those and nothing else.
 */
import { hashSecret, secretsEqual } from "../../crypto/secret-hash";
import { newId, randomBase62 } from "../../crypto/random";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import {
  deleteScimDirectory,
  findScimDirectory,
  findScimDirectoryByTokenHash,
  insertScimDirectory,
  listScimDirectories,
  setScimDirectoryToken,
  touchScimDirectory,
} from "../../db/queries/scim";
import { findTeam } from "../../db/queries/teams";
import type { ScimDirectory } from "../../domain/scim";
import { KnownError } from "../../errors";
import { ScimError } from "../../errors/scim";
import type { ServiceDeps } from "../deps";
import { recordAuditEvent, type AuditEventInput } from "../audit-log/record";
import type { ClientInfo } from "../sessions/client-info";
import type { Tenancy } from "../projects/tenancy";
import { enforceRateLimits, RATE_LIMITS } from "../rate-limits/rate-limits";
import { RateLimitedError } from "../../errors";

const TOKEN_PREFIX = "scim_";
const TOKEN_PATTERN = /^scim_[0-9A-Za-z]{43}$/;

const newToken = () => `${TOKEN_PREFIX}${randomBase62(43)}`;
const stored = (token: string) => ({ hash: hashSecret(token), hint: token.slice(-4) });

/** The path of the SCIM endpoints under the public URL: one base for every directory, whose token says which it is. */
export const SCIM_BASE_PATH = "/api/v1/scim/v2";
export const scimBaseUrl = (deps: ServiceDeps) => `${deps.settings.publicUrl}${SCIM_BASE_PATH}`;

const notFound = (id: string) => new KnownError("SCIM_DIRECTORY_NOT_FOUND", { directory_id: id });

/** Who changed a directory, for the audit log: the project's admin (their user id behind an admin token, else none). */
export interface AdminActor {
  userId: string | null;
  client: ClientInfo | null;
  /** Who acted, when not the project's admin (a team admin through an SSO set-up link). */
  actor?: AuditEventInput["actor"];
}

const directoryEvent = (tenancy: Tenancy, actor: AdminActor, directory: ScimDirectory, action: AuditEventInput["action"], details: Record<string, unknown> = {}): AuditEventInput => ({
  tenancy,
  action,
  actor: actor.actor ?? { type: "admin", id: actor.userId },
  target: { type: "scim_directory", id: directory.id },
  teamId: directory.teamId,
  client: actor.client,
  details: { display_name: directory.displayName, ...details },
});

export async function listDirectories(deps: ServiceDeps, tenancy: Tenancy, teamId?: string): Promise<ScimDirectory[]> {
  return listScimDirectories(deps.db, tenancy, teamId);
}

export async function getDirectory(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<ScimDirectory> {
  const directory = await findScimDirectory(deps.db, tenancy, id);
  if (!directory) throw notFound(id);
  return directory;
}

/** Makes a directory for the team, with its token (returned this once). */
export async function createDirectory(
  deps: ServiceDeps,
  tenancy: Tenancy,
  actor: AdminActor,
  input: { teamId: string; displayName: string },
): Promise<{ directory: ScimDirectory; token: string }> {
  if (!(await findTeam(deps.db, tenancy, input.teamId))) throw new KnownError("TEAM_NOT_FOUND", { team_id: input.teamId });
  const token = newToken();
  const { hash, hint } = stored(token);
  const directory = await unlessDeletedMeanwhile(
    () =>
      deps.db.transaction(async (tx) => {
        const made = await insertScimDirectory(tx, tenancy, { id: newId(), teamId: input.teamId, displayName: input.displayName, tokenHash: hash, tokenHint: hint });
        await recordAuditEvent(deps, tx, directoryEvent(tenancy, actor, made, "scim.directory.created"));
        return made;
      }),
    () => new KnownError("TEAM_NOT_FOUND", { team_id: input.teamId }),
  );
  return { directory, token };
}

/** A new token; the old one stops working at once. */
export async function rotateDirectoryToken(deps: ServiceDeps, tenancy: Tenancy, actor: AdminActor, id: string): Promise<{ directory: ScimDirectory; token: string }> {
  const token = newToken();
  const directory = await deps.db.transaction(async (tx) => {
    if (!(await setScimDirectoryToken(tx, tenancy, id, stored(token)))) throw notFound(id);
    const changed = (await findScimDirectory(tx, tenancy, id))!;
    await recordAuditEvent(deps, tx, directoryEvent(tenancy, actor, changed, "scim.directory.token_rotated", { token_hint: changed.tokenHint }));
    return changed;
  });
  return { directory, token };
}

/** No token: the directory keeps its users and groups, and answers nobody until a new token is made. */
export async function revokeDirectoryToken(deps: ServiceDeps, tenancy: Tenancy, actor: AdminActor, id: string): Promise<ScimDirectory> {
  return deps.db.transaction(async (tx) => {
    if (!(await setScimDirectoryToken(tx, tenancy, id, null))) throw notFound(id);
    const changed = (await findScimDirectory(tx, tenancy, id))!;
    // The catalogue of actions has no revocation of its own: a rotation to no token.
    await recordAuditEvent(deps, tx, directoryEvent(tenancy, actor, changed, "scim.directory.token_revoked", {}));
    return changed;
  });
}

/**
 * Removes the directory, its groups and its links to users. The users stay, with their team
 * membership: removing the connection to the identity provider is not deprovisioning anyone.
 */
export async function deleteDirectory(deps: ServiceDeps, tenancy: Tenancy, actor: AdminActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const directory = await findScimDirectory(tx, tenancy, id);
    if (!directory || !(await deleteScimDirectory(tx, tenancy, id))) throw notFound(id);
    await recordAuditEvent(deps, tx, directoryEvent(tenancy, actor, directory, "scim.directory.deleted"));
  });
}

export interface ScimCaller {
  directory: ScimDirectory;
  tenancy: Tenancy;
  /** The identity provider's address and user agent, for the audit log. */
  client: ClientInfo | null;
}

/** An audit event of the identity provider's: the actor is the directory, within its team. */
export function scimEvent(caller: ScimCaller, action: AuditEventInput["action"], target: { type: "user" | "scim_group"; id: string }, details: Record<string, unknown> = {}): AuditEventInput {
  return { tenancy: caller.tenancy, action, actor: { type: "scim", id: caller.directory.id }, target, teamId: caller.directory.teamId, client: caller.client, details };
}

const unauthorized = () => new ScimError("UNAUTHORIZED", "The bearer token is missing, wrong, rotated or revoked. Use the token shown when the SCIM directory was made or last rotated.");

/**
 * The directory a presented bearer token stands for, and its tenancy; counts the request
 * against the directory's rate limit. Any doubt is the same 401, so nothing is learnt from it.
 */
export async function authenticateScimToken(deps: ServiceDeps, authorization: string | undefined, client: ClientInfo | null = null): Promise<ScimCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) throw unauthorized();
  const digest = hashSecret(token);
  const found = await findScimDirectoryByTokenHash(deps.db, digest);
  if (!found || !secretsEqual(found.tokenHash, digest)) throw unauthorized();
  const lookup = await deps.tenancies.lookup(found.directory.projectId, found.directory.branchId);
  if (!lookup.found) throw unauthorized();
  try {
    await enforceRateLimits(deps, lookup.tenancy, [{ rule: RATE_LIMITS.scimPerDirectory, subject: found.directory.id }]);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new ScimError("TOO_MANY_REQUESTS", `Too many SCIM requests with this token; try again in ${error.retryAfterSeconds} seconds.`, error.retryAfterSeconds);
    }
    throw error;
  }
  await touchScimDirectory(deps.db, lookup.tenancy, found.directory.id);
  return { directory: found.directory, tenancy: lookup.tenancy, client };
}
