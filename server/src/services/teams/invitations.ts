/**
 * Team invitations. An invitation is a code of the shared code mechanism (purpose
 * `team_invitation`) that names its team and is mailed, as a link to the app's callback
 * URL, to the recipient's address. Whoever holds the code may accept it while signed in;
 * accepting by the invitation's id instead needs the recipient's address as one of the
 * user's verified e-mails. Deleting the team deletes its invitations (foreign key).
 */
import { recordAuditEvent } from "../audit-log/record";
import type { Queryable } from "../../db/db";
import { findUserChannelByValue } from "../../db/queries/contact-channels";
import {
  deleteTeamInvitation,
  findLiveInvitationForUpdate,
  listInvitationsReceivedBy,
  listTeamInvitations,
  retireTeamInvitations,
  type TeamInvitationRecord,
} from "../../db/queries/team-invitations";
import { findTeam } from "../../db/queries/teams";
import { findUser } from "../../db/queries/users";
import { markCodeUsed } from "../../db/queries/verification-codes";
import { KnownError } from "../../errors";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import { normalizeEmail } from "../auth/passwords";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { composeBuiltInEmail } from "../emails/rendering/built-in-mail";
import { withCode } from "../emails/templates";
import type { MailLocale } from "../emails/languages";
import { enforceRateLimits, RATE_LIMITS } from "../rate-limits/rate-limits";
import { assertTrustedRedirect } from "../projects/redirects";
import { joinTeam } from "./team-membership";
import type { Tenancy } from "../projects/tenancy";
import { restrictionOf, restrictionRules } from "../users/restriction";
import { issueCode, MAX_ATTEMPTS, redeemCode } from "../auth/verification-codes";
import { getTeam } from "./teams";

/** How long an invitation can be accepted. SPEC leaves it open; a week covers a recipient away for a few days. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type { TeamInvitationRecord };

/**
 * Creates an invitation and mails its link. A new invitation to the same address for the
 * same team replaces the earlier one. `limitedFor` names the client whose sending is rate
 * limited (per IP and per recipient); trusted server callers are not limited. The mail is in
 * `locale`, the language of the inviter's request: nothing tells the invitee's own.
 */
export async function sendTeamInvitation(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { teamId: string; email: string; callbackUrl: string; locale: MailLocale; limitedFor?: ClientInfo },
): Promise<string> {
  assertTrustedRedirect(input.callbackUrl, tenancy.config);
  const team = await getTeam(deps, tenancy, input.teamId);
  const email = normalizeEmail(input.email);
  if (input.limitedFor) {
    await enforceRateLimits(deps, tenancy, [
      { rule: RATE_LIMITS.codeSendPerIp, subject: input.limitedFor.ip },
      { rule: RATE_LIMITS.codeSendPerAccount, subject: email },
    ]);
  }
  const issued = await unlessDeletedMeanwhile(() => deps.db.transaction(async (tx) => {
    await retireTeamInvitations(tx, tenancy, team.id, email);
    return issueCode(tx, tenancy, {
      purpose: "team_invitation",
      expiresInMs: INVITATION_LIFETIME_MS,
      email,
      teamId: team.id,
      replacePrevious: false,
    });
  }), () => new KnownError("TEAM_NOT_FOUND", { team_id: team.id }));
  const message = await composeBuiltInEmail(deps, tenancy, {
    kind: "teamInvitation",
    teamDisplayName: team.displayName,
    link: withCode(input.callbackUrl, issued.code),
  }, input.locale);
  await deliverEmail(deps, tenancy, { to: email, ...message, purpose: "team_invitation" });
  return issued.id;
}

export async function listInvitationsOfTeam(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<TeamInvitationRecord[]> {
  await getTeam(deps, tenancy, teamId);
  return listTeamInvitations(deps.db, tenancy, teamId, MAX_ATTEMPTS);
}

export async function listInvitationsOfUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<TeamInvitationRecord[]> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  return listInvitationsReceivedBy(deps.db, tenancy, userId, MAX_ATTEMPTS);
}

export async function revokeTeamInvitation(deps: ServiceDeps, tenancy: Tenancy, teamId: string, invitationId: string): Promise<void> {
  await getTeam(deps, tenancy, teamId);
  if (!(await deleteTeamInvitation(deps.db, tenancy, teamId, invitationId))) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
}

/** Restricted users (anonymous, or restricted by an admin) may not join teams through invitations. */
async function requireUnrestrictedUser(q: Queryable, tenancy: Tenancy, userId: string): Promise<void> {
  const user = await findUser(q, tenancy, userId);
  if (!user) throw new KnownError("USER_NOT_FOUND");
  const restriction = restrictionOf(user, restrictionRules(tenancy.config));
  if (restriction) throw new KnownError("TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: restriction });
}


/** `check` validates the code only; `details` also names the team; `accept` makes the user a member. */
export type CodeUse = "check" | "details" | "accept";

/**
 * Redeems an invitation code. Details and acceptance need a signed-in, unrestricted user;
 * accepting as an existing member just uses the code up.
 */
export async function redeemInvitationCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  code: string,
  use: CodeUse,
  user: { id: string | null; client: ClientInfo },
): Promise<{ teamId: string; teamDisplayName: string }> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: user.client.ip }]);
  let userId: string | null = null;
  if (use !== "check") {
    if (!user.id) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
    await requireUnrestrictedUser(deps.db, tenancy, user.id);
    userId = user.id;
  }
  return redeemCode(deps.db, tenancy, "team_invitation", code, { consume: use === "accept" }, async (tx, record) => {
    // The foreign key deletes a team's invitations with the team, so this only guards odd rows.
    const team = record.teamId ? await findTeam(tx, tenancy, record.teamId) : null;
    if (!team) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
    // Accepting as a member (or beside a concurrent add) uses the code up and changes nothing else.
    if (userId && (await joinTeam(tx, tenancy, team.id, userId))) {
      await recordAuditEvent(deps, tx, { tenancy, action: "team.member.added", target: { type: "user", id: userId }, teamId: team.id, details: { via: "invitation" } });
    }
    return { teamId: team.id, teamDisplayName: team.displayName };
  });
}

/** Accepts an invitation by id for a user who has its address as a verified e-mail. */
export async function acceptInvitationById(
  deps: ServiceDeps,
  tenancy: Tenancy,
  invitationId: string,
  userId: string,
  options: { refuseRestricted: boolean },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (options.refuseRestricted) await requireUnrestrictedUser(tx, tenancy, userId);
    else if (!(await findUser(tx, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
    const invitation = await findLiveInvitationForUpdate(tx, tenancy, invitationId, MAX_ATTEMPTS);
    const channel = invitation && (await findUserChannelByValue(tx, tenancy, userId, "email", invitation.recipientEmail));
    // Someone else's invitation reads as absent, so ids cannot be probed for their recipients.
    if (!invitation || !channel) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
    // The user's own address: saying it needs verifying tells them nothing about anyone else.
    if (!channel.isVerified) throw new KnownError("EMAIL_NOT_VERIFIED");
    if (await joinTeam(tx, tenancy, invitation.teamId, userId)) {
      await recordAuditEvent(deps, tx, { tenancy, action: "team.member.added", target: { type: "user", id: userId }, teamId: invitation.teamId, details: { via: "invitation" } });
    }
    await markCodeUsed(tx, tenancy, invitation.id);
  });
}
