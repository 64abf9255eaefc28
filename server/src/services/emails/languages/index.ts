/**
 * The languages the platform's own mail is written in. A mail goes out in the language of the
 * request that triggered it (the route negotiates its Accept-Language against MAIL_LOCALES and
 * hands the result down as a plain value), English when none fits or nobody asked (background
 * jobs such as the payment webhooks).
 */
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { ja } from "./ja";
import type { MailStrings } from "./mail-strings";

export type { MailStrings } from "./mail-strings";

export const MAIL_LOCALES = ["en", "de", "fr", "es", "ja"] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
export const DEFAULT_MAIL_LOCALE: MailLocale = "en";

export const isMailLocale = (value: unknown): value is MailLocale => (MAIL_LOCALES as readonly unknown[]).includes(value);

/** Every language's texts; a language left out, or a text missing from one, fails the type check. */
export const MAIL_STRINGS: Record<MailLocale, MailStrings> = { en, de, fr, es, ja };

export type TextPart = { literal: string } | { expression: string };

const PLACEHOLDER = /\{([A-Za-z]+(?:\.[A-Za-z]+)*)\}/g;

/** A text cut into its literal runs and its `{expression}` placeholders, in order. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > at) parts.push({ literal: text.slice(at, match.index) });
    parts.push({ expression: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ literal: text.slice(at) });
  return parts;
}

/** The text with each placeholder replaced by its value (the plain compositions). */
export const fillText = (text: string, values: Record<string, string>): string =>
  textParts(text)
    .map((part) => ("literal" in part ? part.literal : (values[part.expression] ?? `{${part.expression}}`)))
    .join("");
