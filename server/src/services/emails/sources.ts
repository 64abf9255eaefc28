/**
 * What a queued message is rendered from, kept sealed in the outbox row (like the rendered
 * content): html, or a template and its variables, or a draft; with the theme and a subject
 * that overrides the rendered one. Variables may carry personal data, so they are sealed too.
 */
import type { ServiceDeps } from "../deps";

interface SourceCommon {
  /** Overrides the subject the template or draft gives. */
  subject?: string;
  /** A theme id; false for no theme; null or absent for the template's or draft's own, else the project's selected theme. */
  themeId?: string | false | null;
}

export type EmailSource =
  | (SourceCommon & { kind: "html"; html: string })
  | (SourceCommon & { kind: "template"; templateId: string; variables: Record<string, unknown> })
  | (SourceCommon & { kind: "draft"; draftId: string });

export function sealSource(deps: Pick<ServiceDeps, "outboxSeal">, source: EmailSource): string {
  return deps.outboxSeal.seal(JSON.stringify(source));
}

export function openSource(deps: Pick<ServiceDeps, "outboxSeal">, sealed: string): EmailSource {
  return JSON.parse(deps.outboxSeal.open(sealed)) as EmailSource;
}
