import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface ContactChannelRecord {
  id: string;
  userId: string;
  type: "email";
  value: string;
  isPrimary: boolean;
  isVerified: boolean;
  usedForAuth: boolean;
}

interface ChannelRow {
  id: string;
  user_id: string;
  type: "email";
  value: string;
  is_primary: boolean;
  is_verified: boolean;
  used_for_auth: boolean;
}

const COLUMNS = "id, user_id, type, value, is_primary, is_verified, used_for_auth";

function toChannel(row: ChannelRow): ContactChannelRecord {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    value: row.value,
    isPrimary: row.is_primary,
    isVerified: row.is_verified,
    usedForAuth: row.used_for_auth,
  };
}

/** A user's channels, oldest first; with `channelId`, at most that one. */
export async function listUserChannels(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  channelId?: string,
): Promise<ContactChannelRecord[]> {
  const rows = await q.query<ChannelRow>(
    `SELECT ${COLUMNS} FROM contact_channels
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND ($4::uuid IS NULL OR id = $4::uuid)
     ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, userId, channelId ?? null],
  );
  return rows.map(toChannel);
}

/** One channel of one user; another user's channel id finds nothing. */
export async function findUserChannel(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  channelId: string,
): Promise<ContactChannelRecord | null> {
  return (await listUserChannels(q, tenant, userId, channelId))[0] ?? null;
}

export async function findUserChannelByValue(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  type: "email",
  value: string,
): Promise<ContactChannelRecord | null> {
  const rows = await q.query<ChannelRow>(
    `SELECT ${COLUMNS} FROM contact_channels
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = $4 AND value = $5`,
    [tenant.projectId, tenant.branchId, userId, type, value],
  );
  return rows[0] ? toChannel(rows[0]) : null;
}

/** The channel of another user that signs in with this value, if any. */
export async function findAuthChannelOfOtherUser(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  type: "email",
  value: string,
): Promise<ContactChannelRecord | null> {
  const rows = await q.query<ChannelRow>(
    `SELECT ${COLUMNS} FROM contact_channels
     WHERE project_id = $1 AND branch_id = $2 AND type = $3 AND value = $4 AND used_for_auth AND user_id <> $5`,
    [tenant.projectId, tenant.branchId, type, value, userId],
  );
  return rows[0] ? toChannel(rows[0]) : null;
}

export async function insertChannel(q: Queryable, tenant: Tenant, channel: ContactChannelRecord): Promise<void> {
  await q.query(
    `INSERT INTO contact_channels (project_id, branch_id, id, user_id, type, value, is_primary, is_verified, used_for_auth)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tenant.projectId,
      tenant.branchId,
      channel.id,
      channel.userId,
      channel.type,
      channel.value,
      channel.isPrimary,
      channel.isVerified,
      channel.usedForAuth,
    ],
  );
}

/** Clears the primary flag of the user's primary channel of `type`, except `keepId`. */
export async function demotePrimaryChannel(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  type: "email",
  keepId: string | null,
): Promise<void> {
  await q.query(
    `UPDATE contact_channels SET is_primary = false
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = $4 AND is_primary AND ($5::uuid IS NULL OR id <> $5::uuid)`,
    [tenant.projectId, tenant.branchId, userId, type, keepId],
  );
}

export interface ChannelChanges {
  value?: string;
  isPrimary?: boolean;
  isVerified?: boolean;
  usedForAuth?: boolean;
}

export async function updateChannel(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  channelId: string,
  changes: ChannelChanges,
): Promise<void> {
  await q.query(
    `UPDATE contact_channels SET
       value = COALESCE($5, value),
       is_primary = COALESCE($6, is_primary),
       is_verified = COALESCE($7, is_verified),
       used_for_auth = COALESCE($8, used_for_auth)
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND id = $4`,
    [
      tenant.projectId,
      tenant.branchId,
      userId,
      channelId,
      changes.value ?? null,
      changes.isPrimary ?? null,
      changes.isVerified ?? null,
      changes.usedForAuth ?? null,
    ],
  );
}

/** Deletes the channel; answers what it was (null when there was none), so callers know whether it was the primary one. */
export async function deleteChannel(q: Queryable, tenant: Tenant, userId: string, channelId: string): Promise<{ isPrimary: boolean } | null> {
  const rows = await q.query<{ is_primary: boolean }>(
    "DELETE FROM contact_channels WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND id = $4 RETURNING is_primary",
    [tenant.projectId, tenant.branchId, userId, channelId],
  );
  return rows[0] ? { isPrimary: rows[0].is_primary } : null;
}

/** Marks the channel verified when it still belongs to the user and still has this value. */
export async function markChannelVerified(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  channelId: string,
  value: string,
): Promise<{ isPrimary: boolean } | null> {
  const rows = await q.query<{ is_primary: boolean }>(
    `UPDATE contact_channels SET is_verified = true
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND id = $4 AND value = $5 RETURNING is_primary`,
    [tenant.projectId, tenant.branchId, userId, channelId, value],
  );
  return rows[0] ? { isPrimary: rows[0].is_primary } : null;
}
