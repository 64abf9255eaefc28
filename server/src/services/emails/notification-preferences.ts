/**
 * Notification categories and each user's choice per category. Every mail the platform sends
 * belongs to a category; transactional mail (codes, verification, resets, invitations) is
 * always sent, other categories only to users who have not turned them off. Marketing-type
 * mail carries an unsubscribe link: a sealed (user, category) pair, so it needs no stored
 * code, never expires, and cannot be forged or pointed at another user.
 */
import { findNotificationChoices, upsertNotificationChoice } from "../../db/queries/notification-preferences";
import { KnownError } from "../../errors";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export interface NotificationCategory {
  id: string;
  name: string;
  defaultEnabled: boolean;
  canDisable: boolean;
}

/** The categories, with Stack Auth's ids (an SDK or app that names one by id means the same one here). */
export const NOTIFICATION_CATEGORIES: readonly NotificationCategory[] = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true },
];
export const TRANSACTIONAL_CATEGORY = NOTIFICATION_CATEGORIES[0]!;

/**
 * The ids Gatehouse used before it took Stack Auth's. Migration 0050 rewrote the stored ones;
 * unsubscribe links already sent still carry them, so they keep naming the same categories.
 */
const LEGACY_CATEGORY_IDS: Readonly<Record<string, string>> = {
  "3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f": "7bb82d33-2f54-4a3d-9d23-82739e0d66ef",
  "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d": "4f6f8873-3d04-46bd-8bef-18338b1a1b4c",
};

/** The category an id (or an id Gatehouse used before) names, if any. */
export function findCategoryById(id: string): NotificationCategory | null {
  const canonical = Object.hasOwn(LEGACY_CATEGORY_IDS, id) ? LEGACY_CATEGORY_IDS[id]! : id;
  return NOTIFICATION_CATEGORIES.find((c) => c.id === canonical) ?? null;
}

/** The category a name names (any case), if any. */
export const findCategoryByName = (name: string): NotificationCategory | null =>
  NOTIFICATION_CATEGORIES.find((c) => c.name.toLowerCase() === name.toLowerCase()) ?? null;

export interface NotificationPreference {
  category: NotificationCategory;
  enabled: boolean;
}

function categoryById(id: string): NotificationCategory {
  const category = findCategoryById(id);
  if (!category) throw new KnownError("NOTIFICATION_CATEGORY_NOT_FOUND");
  return category;
}

export async function listNotificationPreferences(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<NotificationPreference[]> {
  const choices = await findNotificationChoices(deps.db, tenancy, userId);
  if (!choices) throw new KnownError("USER_NOT_FOUND");
  return NOTIFICATION_CATEGORIES.map((category) => ({
    category,
    enabled: category.canDisable ? (choices.get(category.id) ?? category.defaultEnabled) : true,
  }));
}

export async function setNotificationPreference(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  categoryId: string,
  enabled: boolean,
): Promise<NotificationPreference> {
  const category = categoryById(categoryId);
  if (!category.canDisable && !enabled) throw new KnownError("NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED", { notification_category_id: category.id });
  const stored = await unlessDeletedMeanwhile(
    () => upsertNotificationChoice(deps.db, tenancy, userId, category.id, enabled),
    () => new KnownError("USER_NOT_FOUND"),
  );
  if (!stored) throw new KnownError("USER_NOT_FOUND");
  return { category, enabled: category.canDisable ? enabled : true };
}

/** Whether mail of the named category may go to the user (the mailer asks before sending). */
export async function wantsNotifications(deps: ServiceDeps, tenancy: Tenancy, userId: string, categoryName: string): Promise<boolean> {
  const category = findCategoryByName(categoryName);
  if (!category) throw new KnownError("NOTIFICATION_CATEGORY_NAME_UNKNOWN");
  if (!category.canDisable) return true;
  return (await findNotificationChoices(deps.db, tenancy, userId))?.get(category.id) ?? category.defaultEnabled;
}

interface UnsubscribeClaim {
  p: string;
  b: string;
  u: string;
  c: string;
}

/** The link a mail of a category that can be turned off carries, turning it off for its recipient. */
export function unsubscribeLink(deps: ServiceDeps, tenancy: Tenancy, userId: string, categoryId: string): string {
  const claim: UnsubscribeClaim = { p: tenancy.projectId, b: tenancy.branchId, u: userId, c: categoryById(categoryId).id };
  const code = deps.unsubscribeLinks.seal(JSON.stringify(claim));
  return `${deps.settings.publicUrl}/api/v1/emails/unsubscribe-link?code=${encodeURIComponent(code)}`;
}

/** Follows an unsubscribe link; a code that does not open answers VERIFICATION_CODE_NOT_FOUND. */
export async function unsubscribe(deps: ServiceDeps, code: string): Promise<{ projectName: string; categoryName: string }> {
  let claim: UnsubscribeClaim;
  try {
    claim = JSON.parse(deps.unsubscribeLinks.open(code)) as UnsubscribeClaim;
  } catch {
    throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  }
  const lookup = await deps.tenancies.lookup(claim.p, claim.b);
  if (!lookup.found) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  const category = categoryById(claim.c);
  // The user may have been deleted since; there is nothing left to unsubscribe then.
  await unlessDeletedMeanwhile(
    () => upsertNotificationChoice(deps.db, lookup.tenancy, claim.u, category.id, false),
    () => new KnownError("VERIFICATION_CODE_NOT_FOUND"),
  );
  return { projectName: lookup.tenancy.project.displayName, categoryName: category.name };
}
