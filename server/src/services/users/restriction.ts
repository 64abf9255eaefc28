import type { User } from "./user";

export type RestrictedReason = { type: "anonymous" | "email_not_verified" | "restricted_by_administrator" };

/** Why a user may not act as a full user yet, or null when they may. */
export function restrictionOf(user: Pick<User, "isAnonymous" | "restrictedByAdmin">): RestrictedReason | null {
  if (user.isAnonymous) return { type: "anonymous" };
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}
