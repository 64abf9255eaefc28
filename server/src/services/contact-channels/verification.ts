/**
 * Verifying a contact channel: a code is mailed to the address (as a link to the app's
 * callback URL) and redeemed through the shared code mechanism. The code names the channel
 * and the address it was sent to, so a channel deleted or changed meanwhile is not marked
 * verified by an old code. A new code for a channel retires the older ones of that channel only.
 */
import {
  findUserChannel,
  findUserChannelByValue,
  listUserChannels,
  markChannelVerified,
  type ContactChannelRecord,
} from "../../db/queries/contact-channels";
import { KnownError } from "../../errors";
import { normalizeEmail } from "../auth/passwords";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { composeBuiltInEmail } from "../emails/rendering/built-in-mail";
import { withCode } from "../emails/templates";
import type { MailLocale } from "../emails/languages";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { assertTrustedRedirect } from "../projects/redirects";
import { issueCode, redeemCode } from "../auth/verification-codes";
import type { Tenancy } from "../projects/tenancy";
import { getContactChannel } from "./channels";
import { channelGone } from "./problems";
import { recordUserEvent } from "../webhooks/events";

const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

async function mailCode(deps: ServiceDeps, tenancy: Tenancy, channel: ContactChannelRecord, callbackUrl: string, locale: MailLocale): Promise<void> {
  // Links sent earlier stay usable, each once: every one of them proves the same mailbox.
  const issued = await issueCode(deps.db, tenancy, {
    purpose: "email_verification",
    expiresInMs: CODE_LIFETIME_MS,
    userId: channel.userId,
    email: channel.value,
    data: { channel_id: channel.id },
    replacePrevious: false,
  });
  const message = await composeBuiltInEmail(deps, tenancy, { kind: "emailVerification", link: withCode(callbackUrl, issued.code) }, locale);
  await deliverEmail(deps, tenancy, { to: channel.value, ...message, purpose: "email_verification", userId: channel.userId });
}

async function sendForChannel(
  deps: ServiceDeps,
  tenancy: Tenancy,
  channel: ContactChannelRecord,
  callbackUrl: string,
  client: ClientInfo,
  locale: MailLocale,
): Promise<void> {
  assertTrustedRedirect(callbackUrl, tenancy.config);
  if (channel.isVerified) throw new KnownError("EMAIL_ALREADY_VERIFIED");
  await enforceRateLimits(deps, tenancy, [
    { rule: RATE_LIMITS.codeSendPerIp, subject: client.ip },
    { rule: RATE_LIMITS.codeSendPerAccount, subject: channel.value },
  ]);
  await mailCode(deps, tenancy, channel, callbackUrl, locale);
}

export async function sendChannelVerificationCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  channelId: string,
  callbackUrl: string,
  client: ClientInfo,
  locale: MailLocale,
): Promise<void> {
  const channel = await getContactChannel(deps, tenancy, userId, channelId);
  await sendForChannel(deps, tenancy, channel, callbackUrl, client, locale);
}

/**
 * The older form, which verifies the primary e-mail (SPEC §5: sending a verification e-mail
 * requires a primary e-mail): the signed-in user names it by its address. Another address of
 * theirs answers EMAIL_IS_NOT_PRIMARY_EMAIL; an address that is not theirs at all,
 * EMAIL_NOT_ASSOCIATED_WITH_USER.
 */
export async function sendVerificationCodeForAddress(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  email: string,
  callbackUrl: string,
  client: ClientInfo,
  locale: MailLocale,
): Promise<void> {
  const channel = await findUserChannelByValue(deps.db, tenancy, userId, "email", normalizeEmail(email));
  if (!channel) throw new KnownError("EMAIL_NOT_ASSOCIATED_WITH_USER");
  if (!channel.isPrimary) {
    const primary = (await listUserChannels(deps.db, tenancy, userId)).find((c) => c.type === "email" && c.isPrimary);
    throw new KnownError("EMAIL_IS_NOT_PRIMARY_EMAIL", { email: channel.value, primary_email: primary?.value ?? null });
  }
  await sendForChannel(deps, tenancy, channel, callbackUrl, client, locale);
}

/**
 * After sign-up: mails a code for the new user's primary e-mail. The account exists
 * already, so a delivery problem is logged rather than failing the sign-up.
 */
export async function sendSignUpVerification(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  callbackUrl: string,
  locale: MailLocale,
): Promise<void> {
  try {
    const channel = (await listUserChannels(deps.db, tenancy, userId)).find((c) => c.isPrimary && c.type === "email");
    if (channel && !channel.isVerified) await mailCode(deps, tenancy, channel, callbackUrl, locale);
  } catch (error) {
    deps.log.warn("Could not send the sign-up verification e-mail", { project_id: tenancy.projectId, error: String(error) });
  }
}

/** Redeems (or with `consume: false` only checks) a verification code. */
export async function verifyChannelCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  code: string,
  consume: boolean,
  client: ClientInfo,
): Promise<void> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  await redeemCode(deps.db, tenancy, "email_verification", code, { consume }, async (tx, record) => {
    const channelId = typeof record.data.channel_id === "string" ? record.data.channel_id : null;
    if (!record.userId || !channelId || !record.email) throw channelGone();
    if (!consume) {
      const channel = await findUserChannel(tx, tenancy, record.userId, channelId);
      if (!channel || channel.value !== record.email) throw channelGone();
      return;
    }
    const verified = await markChannelVerified(tx, tenancy, record.userId, channelId, record.email);
    if (!verified) throw channelGone();
    // The user's read shape shows the primary e-mail's verification.
    if (verified.isPrimary) await recordUserEvent(tx, tenancy, "user.updated", record.userId);
  });
}
