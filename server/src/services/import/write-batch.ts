/**
 * Writes one batch of imported users (and the teams read with them) in one transaction: users
 * already there from an earlier run are skipped, an e-mail that already signs in to another
 * user (or appears twice) refuses its record, and everything else goes in with set-based
 * statements and the counters added once (db/queries/imports.ts).
 */
import type { ImportedTeam, ImportedUser } from "../../domain/imported-user";
import type { Db } from "../../db/db";
import { newId } from "../../crypto/random";
import { isImportablePasswordHash } from "../../crypto/password";
import {
  beginBulkImport,
  countImportedTeams,
  countImportedUsers,
  findExistingUserIds,
  findSignInEmails,
  insertDefaultGrants,
  insertMemberships,
  insertOauthAccounts,
  insertPrimaryEmails,
  insertUsers,
  upsertTeams,
  type TeamRow,
  type UserRow,
} from "../../db/queries/imports";
import type { Tenant } from "../../db/queries/tenant";
import type { DefaultGrants } from "./default-grants";
import { derivedId } from "./derived-ids";

export interface BatchEntry {
  at: string;
  user?: ImportedUser;
  team?: ImportedTeam;
}

export interface BatchOutcome {
  imported: number;
  teams: number;
  alreadyThere: number;
  refused: Array<{ at: string; reason: string }>;
}

export interface BatchContext {
  db: Db;
  tenant: Tenant;
  format: string;
  defaults: DefaultGrants;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const iso = (date: Date | undefined) => (date ? date.toISOString() : null);

export function userIdOf(context: BatchContext, user: ImportedUser): string {
  return user.id ?? derivedId(context.tenant.projectId, context.format, "user", user.sourceId);
}

function teamIdOf(context: BatchContext, team: { sourceId: string; id?: string }): string {
  return team.id ?? derivedId(context.tenant.projectId, context.format, "team", team.sourceId);
}

function teamRow(context: BatchContext, team: ImportedTeam): TeamRow {
  return {
    id: teamIdOf(context, team),
    displayName: team.displayName,
    profileImageUrl: team.profileImageUrl ?? null,
    clientMetadata: json(team.clientMetadata),
    clientReadOnlyMetadata: json(team.clientReadOnlyMetadata),
    serverMetadata: json(team.serverMetadata),
    createdAt: iso(team.createdAt),
  };
}

/** Checks that do not need the database; a record that fails one is refused before the batch is written. */
export function problemWith(user: ImportedUser): string | undefined {
  if (user.passwordHash && !isImportablePasswordHash(user.passwordHash)) return "password hash in a form that is not supported, or of too high a cost";
  if (user.passwordHash && !user.email) return "has a password but no e-mail to sign in with";
  if (user.displayName && user.displayName.length > 1000) return "display name longer than 1,000 characters";
  return undefined;
}

export async function writeBatch(context: BatchContext, entries: BatchEntry[]): Promise<BatchOutcome> {
  const { db, tenant } = context;
  return db.transaction(async (tx) => {
    await beginBulkImport(tx);
    const outcome: BatchOutcome = { imported: 0, teams: 0, alreadyThere: 0, refused: [] };
    const users = entries.filter((entry): entry is BatchEntry & { user: ImportedUser } => Boolean(entry.user));
    const existing = await findExistingUserIds(tx, tenant, users.map((entry) => userIdOf(context, entry.user)));
    const emails = users.map((entry) => entry.user.email).filter((email): email is string => Boolean(email));
    const taken = await findSignInEmails(tx, tenant, emails);

    const fullTeams = new Map<string, TeamRow>();
    for (const entry of entries) if (entry.team) fullTeams.set(teamIdOf(context, entry.team), teamRow(context, entry.team));

    const userRows: UserRow[] = [];
    const channels: Parameters<typeof insertPrimaryEmails>[2] = [];
    const accounts: Parameters<typeof insertOauthAccounts>[2] = [];
    const memberships: Array<{ teamId: string; userId: string }> = [];
    const namedTeams = new Map<string, TeamRow>();
    const seenIds = new Set<string>();
    for (const { at, user } of users) {
      const id = userIdOf(context, user);
      if (existing.has(id)) {
        outcome.alreadyThere++;
        continue;
      }
      if (seenIds.has(id)) {
        outcome.refused.push({ at, reason: `the same user (${user.sourceId}) appears twice` });
        continue;
      }
      if (user.email && taken.has(user.email)) {
        outcome.refused.push({ at, reason: `e-mail ${user.email} already signs in to another user` });
        continue;
      }
      seenIds.add(id);
      if (user.email) taken.set(user.email, id);
      userRows.push({
        id,
        displayName: user.displayName ?? null,
        profileImageUrl: user.profileImageUrl ?? null,
        clientMetadata: json(user.clientMetadata),
        clientReadOnlyMetadata: json(user.clientReadOnlyMetadata),
        serverMetadata: json(user.serverMetadata),
        passwordHash: user.passwordHash ?? null,
        hasVerifiedEmail: Boolean(user.email && user.emailVerified),
        signedUpAt: iso(user.signedUpAt),
      });
      if (user.email) channels.push({ id: newId(), userId: id, value: user.email, isVerified: user.emailVerified, createdAt: iso(user.signedUpAt) });
      for (const account of user.oauthAccounts) {
        accounts.push({ id: newId(), userId: id, provider: account.provider, accountId: account.accountId, email: account.email ?? null });
      }
      for (const membership of user.memberships) {
        const teamId = teamIdOf(context, { sourceId: membership.sourceTeamId, id: membership.teamId });
        memberships.push({ teamId, userId: id });
        if (!fullTeams.has(teamId)) namedTeams.set(teamId, { ...emptyTeam(teamId), displayName: membership.teamDisplayName ?? membership.sourceTeamId });
      }
    }

    const shard = Math.floor(Math.random() * 16);
    outcome.teams += await upsertTeams(tx, tenant, [...fullTeams.values()], "full");
    outcome.teams += await upsertTeams(tx, tenant, [...namedTeams.values()], "named");
    await countImportedTeams(tx, tenant, outcome.teams, shard);
    await insertUsers(tx, tenant, userRows);
    await insertPrimaryEmails(tx, tenant, channels);
    await insertOauthAccounts(tx, tenant, accounts);
    await insertMemberships(tx, tenant, memberships);
    await insertDefaultGrants(tx, tenant, "project", userRows.map((row) => ({ teamId: null, userId: row.id })), context.defaults.signUp);
    await insertDefaultGrants(tx, tenant, "team", memberships, context.defaults.teamMember);
    await countImportedUsers(tx, tenant, userRows.map((row) => row.id), shard);
    outcome.imported = userRows.length;
    return outcome;
  });
}

function emptyTeam(id: string): TeamRow {
  return { id, displayName: "", profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null, serverMetadata: null, createdAt: null };
}
