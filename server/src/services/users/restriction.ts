import type { ProjectConfig } from "../project-config/document";
import type { User } from "../../domain/users";

export type RestrictedReason = { type: "anonymous" | "email_not_verified" | "restricted_by_administrator" };

/** The project's settings that decide whether a user is restricted. */
export interface RestrictionRules {
  /** `onboarding.requireEmailVerification`: a user without a verified primary e-mail is restricted. */
  requireEmailVerification: boolean;
}

export const restrictionRules = (config: ProjectConfig): RestrictionRules => ({
  requireEmailVerification: config.onboarding.requireEmailVerification,
});

/** Why a user may not act as a full user yet, or null when they may. */
export function restrictionOf(
  user: Pick<User, "isAnonymous" | "restrictedByAdmin" | "primaryEmailVerified">,
  rules: RestrictionRules,
): RestrictedReason | null {
  if (user.isAnonymous) return { type: "anonymous" };
  if (rules.requireEmailVerification && !user.primaryEmailVerified) return { type: "email_not_verified" };
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" };
  return null;
}
