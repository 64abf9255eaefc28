/**
 * Turns a queued message's source into the subject, html and text that are sent, through the
 * renderer (rendering/render-email.ts): html, a template with its variables, or a draft,
 * wrapped in the chosen theme. The theme shows the unsubscribe link it is given; a theme that
 * leaves it out still gets it, as a footer, so mail of a category that can be turned off
 * always carries it.
 */
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { renderEmail } from "./rendering/render-email";
import { sourceVariables, type EmailSource } from "./sources";

export interface RenderedEmail {
  subject: string;
  html: string | null;
  text: string;
  /** The category the template declares (by name), if any. */
  notificationCategory?: string;
}

export interface RenderContext {
  user: { displayName: string | null } | null;
  unsubscribeLink: string | null;
}

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Adds the unsubscribe link where the rendered mail does not show it already. */
export function withUnsubscribeFooter(rendered: RenderedEmail, link: string | null): RenderedEmail {
  if (!link) return rendered;
  let html = rendered.html;
  if (html !== null && !html.includes(escapeHtml(link)) && !html.includes(link)) {
    const footer = `<p style="font-size:12px;color:#6b7280">Don't want these e-mails? <a href="${escapeHtml(link)}">Unsubscribe</a></p>`;
    html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : html + footer;
  }
  const text = rendered.text.includes(link) ? rendered.text : `${rendered.text}\n\nUnsubscribe: ${link}`;
  return { ...rendered, html, text };
}

/**
 * A send to many users renders the same source again and again; only the unsubscribe link (and
 * the user's name, for templates that greet) differ. So a render is done with a placeholder for
 * the link, kept for a minute per project configuration (a changed theme or template makes a new
 * configuration object, so nothing stale is reused), and the link put in per recipient.
 */
const LINK_PLACEHOLDER = "https://unsubscribe.invalid/gatehouse-unsubscribe-link";
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 100;
const renders = new WeakMap<object, Map<string, { at: number; value: Promise<RenderedEmail> }>>();

function cachedRender(config: object, key: string, render: () => Promise<RenderedEmail>): Promise<RenderedEmail> {
  let cache = renders.get(config);
  if (!cache) renders.set(config, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  if (cache.size >= CACHE_ENTRIES) for (const [k, v] of cache) if (now - v.at >= CACHE_MS || cache.size >= CACHE_ENTRIES) cache.delete(k);
  const value = render();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
}

export async function renderQueuedEmail(deps: ServiceDeps, tenancy: Tenancy, source: EmailSource, context: RenderContext): Promise<RenderedEmail> {
  const withLink = context.unsubscribeLink !== null;
  // The recipient is not part of what is rendered (the user's name and link are, apart): a bulk send renders once.
  const { recipient: _recipient, skipDeliverabilityCheck: _skip, ...rendered_from } = source;
  const key = JSON.stringify([tenancy.projectId, tenancy.branchId, rendered_from, context.user?.displayName ?? null, withLink]);
  const rendered = await cachedRender(tenancy.config, key, async () => {
    const content =
      source.tsxSource !== undefined
        ? { templateSource: source.tsxSource, variables: sourceVariables(source) }
        : source.kind === "html"
          ? { html: source.html }
          : source.kind === "template"
            ? { templateId: source.templateId, variables: source.variables }
            : { draftId: source.draftId };
    const result = await renderEmail(deps, tenancy, {
      themeId: source.themeId,
      // A theme deleted since the mail was queued: the project's selected theme stands in.
      missingThemeFallsBack: true,
      ...content,
      // Html has nowhere to name a subject: the project's name stands in when none was given.
      subject: source.subject ?? (source.kind === "html" ? tenancy.project.displayName : undefined),
      unsubscribeUrl: withLink ? LINK_PLACEHOLDER : undefined,
      user: context.user ?? undefined,
    });
    // An explicit subject overrides the template's.
    return { subject: source.subject ?? result.subject, html: result.html, text: result.text, notificationCategory: result.notificationCategory };
  });
  const link = context.unsubscribeLink;
  if (link === null) return rendered;
  return withUnsubscribeFooter(
    {
      ...rendered,
      html: rendered.html === null ? null : rendered.html.replaceAll(LINK_PLACEHOLDER, escapeHtml(link)),
      text: rendered.text.replaceAll(LINK_PLACEHOLDER, link),
    },
    link,
  );
}
