import { listUserPage, type UserListFilter } from "../../db/queries/user-list";
import { recordAuditEvent } from "../audit-log/record";
import { deleteUserRow, findUser } from "../../db/queries/users";
import { listTeams } from "../../db/queries/teams";
import { endpointsTaking, recordWebhookEvent } from "../webhooks/events";
import type { User } from "../../domain/users";
import { restrictionRules } from "./restriction";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export async function getUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<User> {
  const user = await findUser(deps.db, tenancy, userId);
  if (!user) throw new KnownError("USER_NOT_FOUND");
  return user;
}

/** Deletes the user; their sessions, channels and memberships go with them (foreign keys cascade). */
export async function deleteUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // user.deleted names the teams the user was in, which the cascade is about to forget.
    const teams = endpointsTaking(tenancy.config, "user.deleted").length > 0 ? await listTeams(tx, tenancy, userId) : [];
    if (!(await deleteUserRow(tx, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
    await recordWebhookEvent(tx, tenancy, "user.deleted", () => ({ id: userId, teams: teams.map((team) => ({ id: team.id })) }));
    await recordAuditEvent(deps, tx, { tenancy, action: "user.deleted", target: { type: "user", id: userId } });
  });
  // The cascade ended the user's sessions: refuse their access tokens from the next request on.
  await deps.revokedSessions.catchUp();
}

export const listUsers = (deps: ServiceDeps, tenancy: Tenancy, filter: Omit<UserListFilter, "requireEmailVerification">) =>
  listUserPage(deps.db, tenancy, { ...filter, requireEmailVerification: restrictionRules(tenancy.config).requireEmailVerification });
