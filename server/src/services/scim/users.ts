/**
 * A directory's users (RFC 7644 §3 on /Users). A SCIM user is a Gatehouse user of the project,
 * linked to the directory by a row of scim_users; its SCIM id is the user's id.
 *
 * - Creating makes a Gatehouse user with the directory's address as its verified, signing-in
 *   primary e-mail, a member of the directory's team. When a user of the project already signs
 *   in with that address, the project's account merge rule for OAuth sign-ins decides, as for
 *   a provider account with the same e-mail (services/oauth/accounts.ts): `link_method` links
 *   that user when their address is verified and on a domain the directory's team verified,
 *   `allow_duplicates` makes a second user whose address does not sign in, and anything else
 *   is a 409.
 * - `active: false` deprovisions: out of the team and signed out of every session at once;
 *   `active: true` restores the membership and the group permissions.
 * - DELETE deprovisions and unlinks; it deletes the Gatehouse user too when this directory made
 *   it and it belongs to no other team or directory.
 * - Only a user the directory made has their profile (name, primary e-mail) changed by it; a
 *   linked user's own account is theirs.
 *
 * Every change is one transaction, with the link row locked; ended sessions are announced to
 * the revoked-sessions cache after the commit.
 */
import type { Queryable } from "../../db/db";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import {
  deleteScimUser,
  findScimUser,
  insertScimUser,
  listGroupsOfScimUsers,
  listScimUsers,
  updateScimUser,
  userBelongsElsewhere,
  type ScimUserFields,
} from "../../db/queries/scim";
import { findVerifiedDomain } from "../../db/queries/sso";
import { deleteUserRow, findAuthByEmail } from "../../db/queries/users";
import type { ScimUserRecord } from "../../domain/scim";
import { KnownError } from "../../errors";
import { ScimError } from "../../errors/scim";
import type { ServiceDeps } from "../deps";
import { emailDomain } from "../sso/enforcement";
import { createUser, updateUser, type UserChanges } from "../users/user-changes";
import { recordWebhookEvent } from "../webhooks/events";
import { recordAuditEvent } from "../audit-log/record";
import { scimBaseUrl, scimEvent, type ScimCaller } from "./directories";
import { parseUserFilter } from "./filter";
import { SCIM_DEFAULT_PAGE_SIZE, SCIM_MAX_PAGE_SIZE } from "./limits";
import { deprovisionMembership, provisionMembership } from "./membership";
import { applyPatch, readPatchBody, type JsonObject } from "./patch";
import { listResponse, projectAttributes, readUserResource, USER_READ_ONLY, USER_SCHEMA, userResource, type ScimUserInput } from "./resources";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = (kind: "User" | "Group", id: string) => new ScimError("NOT_FOUND", `This directory has no ${kind} ${id.slice(0, 100)}.`);
const userNameTaken = (userName: string) => new ScimError("UNIQUENESS", `This directory already has a user with userName ${userName}.`);
/** The directory (or its team) was removed while the request ran: its token no longer stands for anything. */
const directoryGone = () => new ScimError("UNAUTHORIZED", "The SCIM directory was removed.");

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string;
  excludedAttributes?: string;
}

/** startIndex (1-based) and count as RFC 7644 §3.4.2.4 reads them: below 1 is 1, below 0 is 0, above the maximum is the maximum. */
export function readPaging(query: ListQuery): { startIndex: number; count: number } {
  const integer = (text: string | undefined, name: string, fallback: number) => {
    if (text === undefined || text === "") return fallback;
    if (!/^-?\d{1,9}$/.test(text.trim())) throw new ScimError("INVALID_VALUE", `${name} is an integer.`);
    return Number(text.trim());
  };
  const startIndex = Math.max(1, integer(query.startIndex, "startIndex", 1));
  const count = Math.min(SCIM_MAX_PAGE_SIZE, Math.max(0, integer(query.count, "count", SCIM_DEFAULT_PAGE_SIZE)));
  return { startIndex, count };
}

async function resourceOf(deps: ServiceDeps, caller: ScimCaller, record: ScimUserRecord): Promise<JsonObject> {
  const groups = await listGroupsOfScimUsers(deps.db, caller.tenancy, caller.directory.id, [record.userId]);
  return userResource(record, groups.get(record.userId) ?? [], scimBaseUrl(deps));
}

async function findRecord(q: Queryable, caller: ScimCaller, id: string, lock = false): Promise<ScimUserRecord> {
  const record = UUID.test(id) ? await findScimUser(q, caller.tenancy, caller.directory.id, id.toLowerCase(), lock) : null;
  if (!record) throw notFound("User", id);
  return record;
}

export async function listScimUserResources(deps: ServiceDeps, caller: ScimCaller, query: ListQuery): Promise<JsonObject> {
  const filter = query.filter === undefined || query.filter.trim() === "" ? null : parseUserFilter(query.filter);
  const { startIndex, count } = readPaging(query);
  const page = await listScimUsers(deps.db, caller.tenancy, caller.directory.id, filter, { offset: startIndex - 1, limit: count });
  const groups = await listGroupsOfScimUsers(deps.db, caller.tenancy, caller.directory.id, page.items.map((u) => u.userId));
  const base = scimBaseUrl(deps);
  return listResponse(
    page.items.map((record) => projectAttributes(userResource(record, groups.get(record.userId) ?? [], base), query)),
    page.total,
    startIndex,
  );
}

export async function getScimUserResource(deps: ServiceDeps, caller: ScimCaller, id: string, query: ListQuery = {}): Promise<JsonObject> {
  return projectAttributes(await resourceOf(deps, caller, await findRecord(deps.db, caller, id)), query);
}

const fieldsOf = (input: ScimUserInput): ScimUserFields => ({
  userName: input.userName,
  externalId: input.externalId,
  displayName: input.displayName,
  email: input.email,
  active: input.active,
  attributes: input.attributes,
});

/** Runs a write, answering the database's refusals as SCIM answers them. */
async function translated<T>(input: ScimUserInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KnownError && (error.code === "USER_EMAIL_ALREADY_EXISTS" || error.code === "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")) {
      throw new ScimError("UNIQUENESS", `Another user of the project already signs in with ${input.email}.`);
    }
    if (error instanceof KnownError && error.code === "USER_NOT_FOUND") throw notFound("User", "");
    if (isUniqueViolation(error)) throw userNameTaken(input.userName);
    if (isForeignKeyViolation(error)) throw directoryGone();
    throw error;
  }
}

export async function createScimUser(deps: ServiceDeps, caller: ScimCaller, body: unknown): Promise<JsonObject> {
  const input = readUserResource(body);
  const { tenancy, directory } = caller;
  const taken = await listScimUsers(deps.db, tenancy, directory.id, { op: "eq", attribute: "userName", value: input.userName }, { offset: 0, limit: 1 });
  if (taken.total > 0) throw userNameTaken(input.userName);
  const owner = input.email ? await findAuthByEmail(deps.db, tenancy, input.email) : null;
  const link = async (tx: Queryable, userId: string, createdUser: boolean) => {
    const record = await insertScimUser(tx, tenancy, directory.id, userId, { ...fieldsOf(input), createdUser });
    if (input.active) await provisionMembership(tx, tenancy, directory, userId);
    await recordAuditEvent(deps, tx, scimEvent(caller, "scim.user.created", { type: "user", id: userId }, { user_name: input.userName, linked_existing_user: !createdUser, active: input.active }));
    return record;
  };
  let record: ScimUserRecord | undefined;
  await translated(input, async () => {
    if (owner) {
      const strategy = tenancy.config.auth.oauth.accountMergeStrategy;
      if (strategy === "link_method" && owner.emailVerified) {
        // A directory speaks for its team's people only: linking hands it the power to sign the
        // account out everywhere, so the address must be on a domain its team verified (as an SSO
        // connection's identity provider may vouch only for those).
        const domain = await findVerifiedDomain(deps.db, tenancy, emailDomain(input.email!));
        if (domain?.teamId !== directory.teamId) {
          throw new ScimError(
            "UNIQUENESS",
            `A user of the project already signs in with ${input.email}; a directory links an existing account only when its address is on a domain the directory's team verified.`,
          );
        }
        if (await findScimUser(deps.db, tenancy, directory.id, owner.userId)) {
          throw new ScimError("UNIQUENESS", `This directory already has the user who signs in with ${input.email}.`);
        }
        record = await deps.db.transaction((tx) => link(tx, owner.userId, false));
        return;
      }
      if (strategy !== "allow_duplicates") {
        throw new ScimError(
          "UNIQUENESS",
          `A user of the project already signs in with ${input.email}, and the project's account merge rule (${strategy}${strategy === "link_method" ? ", with that address unverified" : ""}) does not link them.`,
        );
      }
    }
    const changes: UserChanges = {
      displayName: input.displayName,
      ...(input.email ? { primaryEmail: input.email, primaryEmailVerified: true, primaryEmailAuthEnabled: owner === null } : {}),
    };
    await createUser(
      deps,
      tenancy,
      changes,
      async (tx, userId) => {
        record = await link(tx, userId, true);
      },
      { personalTeam: false },
    );
  });
  return resourceOf(deps, caller, record!);
}

/** PUT and PATCH: the new resource is computed from the current one, then written as a whole. */
async function changeScimUser(deps: ServiceDeps, caller: ScimCaller, id: string, next: (current: JsonObject) => ScimUserInput): Promise<JsonObject> {
  const { tenancy, directory } = caller;
  const current = await findRecord(deps.db, caller, id);
  const input = next(await resourceOf(deps, caller, current));
  if (input.userName.toLowerCase() !== current.userName.toLowerCase()) {
    const taken = await listScimUsers(deps.db, tenancy, directory.id, { op: "eq", attribute: "userName", value: input.userName }, { offset: 0, limit: 1 });
    if (taken.total > 0) throw userNameTaken(input.userName);
  }
  let updated: ScimUserRecord | undefined;
  let signedOut = false;
  const write = async (tx: Queryable) => {
    const locked = await findRecord(tx, caller, current.userId, true);
    updated = (await updateScimUser(tx, tenancy, directory.id, locked.userId, fieldsOf(input)))!;
    const target = { type: "user" as const, id: locked.userId };
    if (locked.active && !input.active) {
      await deprovisionMembership(tx, tenancy, directory, locked.userId);
      signedOut = true;
      await recordAuditEvent(deps, tx, scimEvent(caller, "scim.user.deactivated", target, { user_name: input.userName }));
    } else {
      if (!locked.active && input.active) await provisionMembership(tx, tenancy, directory, locked.userId);
      await recordAuditEvent(deps, tx, scimEvent(caller, "scim.user.updated", target, { user_name: input.userName, ...(!locked.active && input.active ? { reactivated: true } : {}) }));
    }
  };
  const profile: UserChanges = {};
  if (current.createdUser) {
    if (input.displayName !== null && input.displayName !== current.displayName) profile.displayName = input.displayName;
    if (input.email !== null && input.email !== current.email) Object.assign(profile, { primaryEmail: input.email, primaryEmailVerified: true, primaryEmailAuthEnabled: true });
  }
  await translated(input, async () => {
    if (Object.keys(profile).length > 0) await updateUser(deps, tenancy, current.userId, profile, write);
    else await deps.db.transaction(write);
  });
  if (signedOut) await deps.revokedSessions.catchUp();
  return resourceOf(deps, caller, updated!);
}

export function replaceScimUser(deps: ServiceDeps, caller: ScimCaller, id: string, body: unknown): Promise<JsonObject> {
  const input = readUserResource(body);
  return changeScimUser(deps, caller, id, () => input);
}

export function patchScimUser(deps: ServiceDeps, caller: ScimCaller, id: string, body: unknown): Promise<JsonObject> {
  const operations = readPatchBody(body);
  return changeScimUser(deps, caller, id, (current) => readUserResource(applyPatch(current, operations, USER_SCHEMA, USER_READ_ONLY)));
}

export async function deleteScimUserResource(deps: ServiceDeps, caller: ScimCaller, id: string): Promise<void> {
  const { tenancy, directory } = caller;
  await findRecord(deps.db, caller, id);
  await deps.db.transaction(async (tx) => {
    const locked = await findRecord(tx, caller, id, true);
    await deprovisionMembership(tx, tenancy, directory, locked.userId);
    await deleteScimUser(tx, tenancy, directory.id, locked.userId);
    let userDeleted = false;
    if (locked.createdUser && !(await userBelongsElsewhere(tx, tenancy, locked.userId, directory.teamId, directory.id))) {
      userDeleted = await deleteUserRow(tx, tenancy, locked.userId);
      if (userDeleted) await recordWebhookEvent(tx, tenancy, "user.deleted", () => ({ id: locked.userId, teams: [] }));
    }
    await recordAuditEvent(deps, tx, scimEvent(caller, "scim.user.deleted", { type: "user", id: locked.userId }, { user_name: locked.userName, gatehouse_user_deleted: userDeleted }));
  });
  await deps.revokedSessions.catchUp();
}
