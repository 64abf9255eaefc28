/**
 * Mail an admin sends by hand: an invitation to sign in, and a test message through SMTP
 * settings being tried out (which are used once and not stored).
 */
import { resolvesToPrivateAddress } from "../../integrations/private-address";
import type { ServiceDeps } from "../deps";
import { assertTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { deliverEmail } from "./delivery";
import type { MailLocale } from "./languages";
import { composeBuiltInEmail } from "./rendering/built-in-mail";
import { testEmail } from "./templates";

export async function sendSignInInvitation(deps: ServiceDeps, tenancy: Tenancy, email: string, callbackUrl: string, locale: MailLocale): Promise<void> {
  assertTrustedRedirect(callbackUrl, tenancy.config);
  const message = await composeBuiltInEmail(deps, tenancy, { kind: "signInInvitation", link: callbackUrl }, locale);
  await deliverEmail(deps, tenancy, { to: email, ...message, purpose: "sign_in_invitation" });
}

export interface TestSmtpSettings {
  host: string;
  port: number;
  username?: string;
  password?: string;
  senderName?: string;
  senderEmail: string;
}

/** Tries the settings; the SMTP server's refusal comes back as the error message, never as a failure of the request. */
export async function sendTestEmail(
  deps: ServiceDeps,
  tenancy: Tenancy,
  recipient: string,
  settings: TestSmtpSettings,
): Promise<{ success: true } | { success: false; errorMessage: string }> {
  if (!tenancy.config.domains.allowLocalhost && (await resolvesToPrivateAddress(settings.host))) {
    return { success: false, errorMessage: `${settings.host} is a private or local address, which this project does not allow (domains.allowLocalhost).` };
  }
  const from = settings.senderName ? `"${settings.senderName.replace(/"/g, "")}" <${settings.senderEmail}>` : settings.senderEmail;
  const { subject, text, html } = testEmail();
  try {
    await deps.mailer.sendOnce({ host: settings.host, port: settings.port, username: settings.username, password: settings.password, from }, { to: recipient, subject, text, html });
    return { success: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { success: false, errorMessage: message.slice(0, 2000) || "The SMTP server refused the message." };
  }
}
