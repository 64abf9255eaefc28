/**
 * Turns a queued message's source into the subject, html and text that are sent. Html is sent
 * as given, with the unsubscribe link added for categories that can be turned off, and a
 * plain-text part derived from it.
 */
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import type { EmailSource } from "./sources";

export interface RenderedEmail {
  subject: string;
  html: string | null;
  text: string;
}

export interface RenderContext {
  userId: string | null;
  unsubscribeLink: string | null;
}

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A readable plain-text version of html: block ends become line breaks, links keep their target. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} (${href})`)
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|tr|table|section)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function withUnsubscribeFooter(rendered: RenderedEmail, link: string | null): RenderedEmail {
  if (!link) return rendered;
  const footer = `<p style="font-size:12px;color:#6b7280">Don't want these e-mails? <a href="${escapeHtml(link)}">Unsubscribe</a></p>`;
  const html = rendered.html === null ? null : /<\/body>/i.test(rendered.html) ? rendered.html.replace(/<\/body>/i, `${footer}</body>`) : rendered.html + footer;
  return { ...rendered, html, text: `${rendered.text}\n\nUnsubscribe: ${link}` };
}

export async function renderQueuedEmail(deps: ServiceDeps, tenancy: Tenancy, source: EmailSource, context: RenderContext): Promise<RenderedEmail> {
  void deps;
  switch (source.kind) {
    case "html":
      return withUnsubscribeFooter(
        { subject: source.subject ?? tenancy.project.displayName, html: source.html, text: htmlToText(source.html) },
        context.unsubscribeLink,
      );
    case "template":
    case "draft":
      throw new Error("Templates and drafts need the e-mail renderer, which this build does not include yet");
  }
}
