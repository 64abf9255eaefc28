/**
 * What a queued message is rendered from, kept sealed in the outbox row (like the rendered
 * content): the template's TSX as it was when the mail was sent (from html, a template or a
 * draft: editing or deleting the template later does not change mail already queued), its
 * variables, the theme, a subject that overrides the rendered one, and the recipient.
 * Variables may carry personal data, so they are sealed too.
 *
 * Rows queued by an older version name their template or draft instead of holding its source,
 * and say nothing of the recipient; they are read as before.
 */
import type { ServiceDeps } from "../deps";

/** Who a message goes to, in Stack Auth's terms (the outbox's `to`). */
export type EmailRecipient =
  | { type: "user-primary-email"; userId: string }
  | { type: "user-custom-emails"; userId: string; emails: string[] }
  | { type: "custom-emails"; emails: string[] };

interface SourceCommon {
  /** Overrides the subject the template or draft gives. */
  subject?: string;
  /**
   * A theme id, or false for no theme. Null or absent (rows of an older version): the
   * template's or draft's own, else the project's selected theme, read when rendered.
   */
  themeId?: string | false | null;
  /** The TSX to render, captured when the mail was sent (absent in older rows). */
  tsxSource?: string;
  recipient?: EmailRecipient;
  skipDeliverabilityCheck?: boolean;
}

export type EmailSource =
  | (SourceCommon & { kind: "html"; html: string })
  | (SourceCommon & { kind: "template"; templateId: string; variables: Record<string, unknown> })
  | (SourceCommon & { kind: "draft"; draftId: string; variables?: Record<string, unknown> });

export function sealSource(deps: Pick<ServiceDeps, "outboxSeal">, source: EmailSource): string {
  return deps.outboxSeal.seal(JSON.stringify(source));
}

export function openSource(deps: Pick<ServiceDeps, "outboxSeal">, sealed: string): EmailSource {
  return JSON.parse(deps.outboxSeal.open(sealed)) as EmailSource;
}

export const sourceVariables = (source: EmailSource): Record<string, unknown> => ("variables" in source ? (source.variables ?? {}) : {});
