/**
 * A user's contact channels (e-mail addresses). The user's primary e-mail is not stored
 * apart: it is the channel flagged primary, so the two cannot disagree. Every lookup is
 * scoped to the tenant and to the owning user, so another user's channel id finds nothing.
 * A value may sign in to one account only; the database's partial unique index decides
 * races, which we answer like the check before it.
 */
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { isUniqueViolation } from "../../db/errors";
import {
  deleteChannel,
  demotePrimaryChannel,
  findAuthChannelOfOtherUser,
  findUserChannel,
  findUserChannelByValue,
  insertChannel,
  listUserChannels,
  updateChannel,
  type ChannelChanges,
  type ContactChannelRecord,
} from "../../db/queries/contact-channels";
import { findUser, lockUser } from "../../db/queries/users";
import { KnownError } from "../../errors";
import { normalizeEmail } from "../auth/passwords";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { channelAlreadyExists, channelNotFound } from "./problems";
import { recordUserEvent } from "../webhooks/events";

export type { ContactChannelRecord };

export interface NewContactChannel {
  type: "email";
  value: string;
  usedForAuth: boolean;
  isPrimary?: boolean;
  isVerified?: boolean;
}

export interface ContactChannelChanges {
  value?: string;
  usedForAuth?: boolean;
  isPrimary?: boolean;
  isVerified?: boolean;
}

function usedBySomeoneElse(type: string, value: string) {
  return new KnownError("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", {
    type,
    contact_channel_value: value,
    would_work_if_email_was_verified: false,
  });
}

async function assertUserExists(q: Queryable, tenancy: Tenancy, userId: string): Promise<void> {
  if (!(await findUser(q, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
}

/** Every write to a user's channels runs under the user's row lock: one user's writes queue, in one lock order. */
async function lockOwner(tx: Queryable, tenancy: Tenancy, userId: string): Promise<void> {
  if (!(await lockUser(tx, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
}

async function assertValueFreeForAuth(tx: Queryable, tenancy: Tenancy, userId: string, type: "email", value: string) {
  if (await findAuthChannelOfOtherUser(tx, tenancy, userId, type, value)) throw usedBySomeoneElse(type, value);
}

/** Runs `work`, answering a lost race on the unique indexes like the checks inside it. */
async function translateConflicts<T>(userId: string, type: "email", value: string | undefined, tenancy: Tenancy, deps: ServiceDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error) || value === undefined) throw error;
    if (await findUserChannelByValue(deps.db, tenancy, userId, type, value)) throw channelAlreadyExists();
    throw usedBySomeoneElse(type, value);
  }
}

export async function listContactChannels(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  channelId?: string,
): Promise<ContactChannelRecord[]> {
  await assertUserExists(deps.db, tenancy, userId);
  return listUserChannels(deps.db, tenancy, userId, channelId);
}

export async function getContactChannel(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  channelId: string,
): Promise<ContactChannelRecord> {
  await assertUserExists(deps.db, tenancy, userId);
  const channel = await findUserChannel(deps.db, tenancy, userId, channelId);
  if (!channel) throw channelNotFound();
  return channel;
}

export async function createContactChannel(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  input: NewContactChannel,
): Promise<ContactChannelRecord> {
  await assertUserExists(deps.db, tenancy, userId);
  const value = normalizeEmail(input.value);
  const channel: ContactChannelRecord = {
    id: newId(),
    userId,
    type: input.type,
    value,
    isPrimary: input.isPrimary ?? false,
    isVerified: input.isVerified ?? false,
    usedForAuth: input.usedForAuth,
  };
  await translateConflicts(userId, input.type, value, tenancy, deps, () =>
    deps.db.transaction(async (tx) => {
      await lockOwner(tx, tenancy, userId);
      if (await findUserChannelByValue(tx, tenancy, userId, input.type, value)) throw channelAlreadyExists();
      if (channel.usedForAuth) await assertValueFreeForAuth(tx, tenancy, userId, input.type, value);
      if (channel.isPrimary) await demotePrimaryChannel(tx, tenancy, userId, input.type, null);
      await insertChannel(tx, tenancy, channel);
      if (channel.isPrimary) await recordUserEvent(tx, tenancy, "user.updated", userId);
    }),
  );
  return channel;
}

export async function updateContactChannel(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  channelId: string,
  changes: ContactChannelChanges,
): Promise<ContactChannelRecord> {
  await assertUserExists(deps.db, tenancy, userId);
  const value = changes.value === undefined ? undefined : normalizeEmail(changes.value);
  await translateConflicts(userId, "email", value, tenancy, deps, () =>
    deps.db.transaction(async (tx) => {
      await lockOwner(tx, tenancy, userId);
      const current = await findUserChannel(tx, tenancy, userId, channelId);
      if (!current) throw channelNotFound();
      const valueChanges = value !== undefined && value !== current.value;
      const next: ChannelChanges = {
        value: valueChanges ? value : undefined,
        usedForAuth: changes.usedForAuth,
        isPrimary: changes.isPrimary,
        // A new address is unproven until its owner verifies it again.
        isVerified: changes.isVerified ?? (valueChanges ? false : undefined),
      };
      if (valueChanges && (await findUserChannelByValue(tx, tenancy, userId, current.type, value))) throw channelAlreadyExists();
      const willSignIn = changes.usedForAuth ?? current.usedForAuth;
      if (willSignIn && (valueChanges || !current.usedForAuth)) {
        await assertValueFreeForAuth(tx, tenancy, userId, current.type, value ?? current.value);
      }
      if (changes.isPrimary === true) await demotePrimaryChannel(tx, tenancy, userId, current.type, current.id);
      await updateChannel(tx, tenancy, userId, channelId, next);
      if (current.isPrimary || changes.isPrimary === true) await recordUserEvent(tx, tenancy, "user.updated", userId);
    }),
  );
  return (await findUserChannel(deps.db, tenancy, userId, channelId))!;
}

/** Deleting the primary channel leaves the user without a primary e-mail. */
export async function deleteContactChannel(deps: ServiceDeps, tenancy: Tenancy, userId: string, channelId: string): Promise<void> {
  await assertUserExists(deps.db, tenancy, userId);
  await deps.db.transaction(async (tx) => {
    await lockOwner(tx, tenancy, userId);
    const deleted = await deleteChannel(tx, tenancy, userId, channelId);
    if (!deleted) throw channelNotFound();
    if (deleted.isPrimary) await recordUserEvent(tx, tenancy, "user.updated", userId);
  });
}
