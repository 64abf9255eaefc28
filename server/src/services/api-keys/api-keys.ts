/**
 * API keys owned by a user or a team (CONTRACT "user-api-keys and team-api-keys"). Apps
 * hand them to their own users and check them on their servers, so a key is a bearer
 * secret: it is shown in full once, at creation, and stored only as a SHA-256 digest. A
 * presented key names its own id (see crypto/api-key-format.ts); it is found by that id
 * and its digest compared in constant time. A key is valid until it is revoked or its
 * expiry passes (SPEC §4).
 *
 * Each kind is switched on by the project config (`apiKeys.enabled.user` / `.team`).
 * Trusted (server) callers manage any key of the tenancy; a client manages only its own
 * user's keys, and a team's keys only as a member holding `$manage_api_keys`. A key a
 * client may not see reads as absent, so ids cannot be probed, and so does a team the client
 * is not in (API_KEY_NOT_FOUND, as Stack Auth answers), so team ids cannot either.
 */
import { recordAuditEvent } from "../audit-log/record";
import {
  findApiKey,
  insertApiKey,
  listApiKeys,
  updateApiKey,
  type ApiKeyOwner,
  type ApiKeyRecord,
} from "../../db/queries/api-keys";
import { findTeam, isTeamMember } from "../../db/queries/teams";
import { findUser } from "../../db/queries/users";
import { apiKeyDigest, apiKeyMatchesDigest, createApiKeyValue, parseApiKeyValue, type ApiKeyOwnerType } from "../../crypto/api-key-format";
import { newId } from "../../crypto/random";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { requireMemberWithPermissions, requireTeamPermission } from "../teams/team-permission-check";
import type { Tenancy } from "../projects/tenancy";

export type { ApiKeyOwner, ApiKeyOwnerType, ApiKeyRecord };

export const MANAGE_API_KEYS = "$manage_api_keys";

/**
 * Who is acting: a client's signed-in user, limited to their own and their teams' keys, or
 * null for server and admin access. The caller has already refused clients naming another
 * user (USER_NOT_FOUND), so a client's user owner is always the actor.
 */
export type ApiKeyActor = { clientUserId: string } | null;

/** A project that has not switched the kind on answers 400 (as Stack Auth does), naming the setting. */
export function requireApiKeysEnabled(tenancy: Tenancy, type: ApiKeyOwnerType): void {
  if (!tenancy.config.apiKeys.enabled[type]) throw new KnownError("API_KEYS_NOT_ENABLED", { type });
}

/** The owner exists; for a client, a team owner also needs the actor's membership and `$manage_api_keys`. */
async function requireOwnerAccess(deps: ServiceDeps, tenancy: Tenancy, actor: ApiKeyActor, owner: ApiKeyOwner): Promise<void> {
  if (owner.type === "user") {
    if (!(await findUser(deps.db, tenancy, owner.userId))) throw new KnownError("USER_NOT_FOUND");
  } else if (actor) {
    // A team the client is not in reads as having no keys for them, as in Stack Auth: its existence does not leak.
    if (!(await isTeamMember(deps.db, tenancy, owner.teamId, actor.clientUserId))) throw new KnownError("API_KEY_NOT_FOUND");
    await requireMemberWithPermissions(deps, tenancy, owner.teamId, actor.clientUserId, [MANAGE_API_KEYS]);
  } else if (!(await findTeam(deps.db, tenancy, owner.teamId))) {
    throw new KnownError("TEAM_NOT_FOUND", { team_id: owner.teamId });
  }
}

/** An API key event names the key's owner: its user (in the details) or its team. */
function apiKeyEventScope(owner: ApiKeyOwner) {
  return owner.type === "team" ? { teamId: owner.teamId, details: { owner_type: "team" } } : { details: { owner_type: "user", user_id: owner.userId } };
}

export async function createApiKey(
  deps: ServiceDeps,
  tenancy: Tenancy,
  actor: ApiKeyActor,
  input: { owner: ApiKeyOwner; description: string; isPublic: boolean; expiresAtMillis: number | null },
): Promise<{ key: ApiKeyRecord; value: string }> {
  requireApiKeysEnabled(tenancy, input.owner.type);
  await requireOwnerAccess(deps, tenancy, actor, input.owner);
  const id = newId();
  const value = createApiKeyValue({ id, type: input.owner.type, isPublic: input.isPublic });
  const key = await deps.db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, tenancy, {
      id,
      owner: input.owner,
      description: input.description,
      isPublic: input.isPublic,
      secretHash: apiKeyDigest(value),
      lastFour: value.slice(-4),
      expiresAt: input.expiresAtMillis === null ? null : new Date(input.expiresAtMillis),
    });
    await recordAuditEvent(deps, tx, { tenancy, action: "api_key.created", target: { type: "api_key", id }, ...apiKeyEventScope(input.owner) });
    return inserted;
  });
  return { key, value };
}

export async function listApiKeysOf(deps: ServiceDeps, tenancy: Tenancy, actor: ApiKeyActor, owner: ApiKeyOwner): Promise<ApiKeyRecord[]> {
  requireApiKeysEnabled(tenancy, owner.type);
  await requireOwnerAccess(deps, tenancy, actor, owner);
  return listApiKeys(deps.db, tenancy, owner);
}

function sameOwner(a: ApiKeyOwner, b: ApiKeyOwner): boolean {
  return a.type === "user" ? b.type === "user" && a.userId === b.userId : b.type === "team" && a.teamId === b.teamId;
}

/**
 * A key of this kind the actor may manage. `expectedOwner` is the owner the request named
 * (the SDK sends it beside the id); a key of another owner reads as absent. A client sees
 * another user's key, or a key of a team they are not in, as absent too; a member of the
 * key's team without `$manage_api_keys` gets TEAM_PERMISSION_REQUIRED.
 */
export async function readApiKey(
  deps: ServiceDeps,
  tenancy: Tenancy,
  actor: ApiKeyActor,
  type: ApiKeyOwnerType,
  id: string,
  expectedOwner: ApiKeyOwner | null,
): Promise<ApiKeyRecord> {
  requireApiKeysEnabled(tenancy, type);
  const key = await findApiKey(deps.db, tenancy, id);
  if (!key || key.owner.type !== type || (expectedOwner && !sameOwner(key.owner, expectedOwner))) throw new KnownError("API_KEY_NOT_FOUND");
  if (actor) {
    if (key.owner.type === "user") {
      if (key.owner.userId !== actor.clientUserId) throw new KnownError("API_KEY_NOT_FOUND");
    } else {
      if (!(await isTeamMember(deps.db, tenancy, key.owner.teamId, actor.clientUserId))) throw new KnownError("API_KEY_NOT_FOUND");
      await requireTeamPermission(deps, tenancy, key.owner.teamId, actor.clientUserId, MANAGE_API_KEYS);
    }
  }
  return key;
}

/** Changes the description or expiry, and/or revokes. Revocation is final; revoking again changes nothing. */
export async function updateApiKeyOf(
  deps: ServiceDeps,
  tenancy: Tenancy,
  actor: ApiKeyActor,
  type: ApiKeyOwnerType,
  id: string,
  expectedOwner: ApiKeyOwner | null,
  changes: { description?: string; expiresAtMillis?: number | null; revoke?: boolean },
): Promise<ApiKeyRecord> {
  const before = await readApiKey(deps, tenancy, actor, type, id, expectedOwner);
  return deps.db.transaction(async (tx) => {
    const updated = await updateApiKey(tx, tenancy, id, changes);
    if (!updated) throw new KnownError("API_KEY_NOT_FOUND");
    if (changes.revoke && before.manuallyRevokedAtMillis === null) {
      await recordAuditEvent(deps, tx, { tenancy, action: "api_key.revoked", target: { type: "api_key", id }, ...apiKeyEventScope(updated.owner) });
    }
    return updated;
  });
}

/**
 * Checks a presented key (server side): API_KEY_NOT_FOUND for anything that is not a live
 * key of this tenancy, WRONG_API_KEY_TYPE for the other kind, then API_KEY_REVOKED or
 * API_KEY_EXPIRED, in Stack Auth's order.
 */
export async function checkApiKey(deps: ServiceDeps, tenancy: Tenancy, type: ApiKeyOwnerType, value: string): Promise<ApiKeyRecord> {
  requireApiKeysEnabled(tenancy, type);
  const parsed = parseApiKeyValue(value);
  const key = parsed ? await findApiKey(deps.db, tenancy, parsed.id) : null;
  if (!key || !apiKeyMatchesDigest(value, key.secretHash)) throw new KnownError("API_KEY_NOT_FOUND");
  if (key.owner.type !== type) throw new KnownError("WRONG_API_KEY_TYPE", { expected_type: type, actual_type: key.owner.type });
  if (key.manuallyRevokedAtMillis !== null) throw new KnownError("API_KEY_REVOKED");
  if (key.expiresAtMillis !== null && key.expiresAtMillis <= Date.now()) throw new KnownError("API_KEY_EXPIRED");
  return key;
}
