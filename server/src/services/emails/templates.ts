/**
 * Plain compositions of the platform's mail: readable text with a simple HTML twin. The mail
 * itself is rendered from editable TSX templates (rendering/built-in-mail.ts); these are the
 * last resort when the renderer cannot run at all, so an auth mail still goes out.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function render(subject: string, lines: string[], action?: { label: string; url: string }): RenderedEmail {
  const text = [...lines, ...(action ? ["", `${action.label}: ${action.url}`] : [])].join("\n");
  const paragraphs = lines.filter((l) => l !== "").map((l) => `<p>${escapeHtml(l)}</p>`);
  const button = action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "";
  return { subject, text, html: `<!doctype html><html><body>${paragraphs.join("")}${button}</body></html>` };
}

export function verificationEmail(project: string, url: string): RenderedEmail {
  return render(`Verify your e-mail for ${project}`, [
    "Hello,",
    "",
    `Please confirm that this e-mail address belongs to you by opening the link below.`,
    "If you did not ask for this, you can ignore this message.",
  ], { label: "Verify e-mail", url });
}

export function passwordResetEmail(project: string, url: string): RenderedEmail {
  return render(`Reset your password for ${project}`, [
    "Hello,",
    "",
    "Someone asked to reset the password of your account. Open the link below to choose a new one.",
    "If it was not you, ignore this message: your password stays as it is.",
  ], { label: "Reset password", url });
}

export function signInCodeEmail(project: string, otp: string, url: string): RenderedEmail {
  return render(`Your sign-in code for ${project}: ${otp}`, [
    "Hello,",
    "",
    `Your sign-in code is ${otp}. Enter it where you asked for it, or open the link below.`,
    "If you did not try to sign in, you can ignore this message.",
  ], { label: "Sign in", url });
}

export function teamInvitationEmail(project: string, team: string, url: string): RenderedEmail {
  return render(`You are invited to join ${team} on ${project}`, [
    "Hello,",
    "",
    `You have been invited to join the team ${team}. Open the link below to accept.`,
  ], { label: "Accept invitation", url });
}

export function signInInvitationEmail(project: string, url: string): RenderedEmail {
  return render(`You are invited to ${project}`, [
    "Hello,",
    "",
    `You have been invited to sign in to ${project}. Open the link below to get started.`,
  ], { label: "Sign in", url });
}

export function testEmail(): RenderedEmail {
  return render("Test e-mail from Gatehouse", ["Hello,", "", "This message confirms that these SMTP settings can send mail."]);
}

/** Appends `code` to a callback URL's query string, keeping what is there. */
export function withCode(callbackUrl: string, code: string): string {
  const url = new URL(callbackUrl, "http://relative.invalid");
  url.searchParams.set("code", code);
  return callbackUrl.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
