/**
 * Plain compositions of the platform's mail: readable text with a simple HTML twin. The mail
 * itself is rendered from editable TSX templates (rendering/built-in-mail.ts); these are the
 * last resort when the renderer cannot run at all, so an auth mail still goes out, in the
 * recipient's language like the templates (../languages).
 */
import { variablesOf, type BuiltInMail } from "./built-in-mails";
import { fillText, MAIL_STRINGS, type MailLocale } from "./languages";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function render(subject: string, lines: string[], action?: { label: string; url: string }, lang: MailLocale = "en"): RenderedEmail {
  const text = [...lines, ...(action ? ["", `${action.label}${MAIL_STRINGS[lang].colon}${action.url}`] : [])].join("\n");
  const paragraphs = lines.filter((l) => l !== "").map((l) => `<p>${escapeHtml(l)}</p>`);
  const button = action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "";
  return { subject, text, html: `<!doctype html><html lang="${lang}"><body>${paragraphs.join("")}${button}</body></html>` };
}

/** A built-in mail in `locale`, from the same texts as the built-in templates, filled with its template variables. */
export function plainBuiltInEmail(locale: MailLocale, project: string, mail: BuiltInMail): RenderedEmail {
  const strings = MAIL_STRINGS[locale];
  const texts = strings[mail.kind];
  const values: Record<string, string> = { "project.displayName": project };
  for (const [name, value] of Object.entries(variablesOf(mail))) values[`variables.${name}`] = value;
  const fill = (text: string) => fillText(text, values);
  const lines = [strings.greeting, "", texts.message, ...("ignoreNote" in texts ? [texts.ignoreNote] : [])];
  return render(fill(texts.subject), lines.map(fill), { label: fill(texts.action), url: mail.link }, locale);
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
