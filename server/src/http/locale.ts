import type { Context } from "hono";
import { detectFromHeader, type DetectorOptions } from "hono/language";
import { DEFAULT_MAIL_LOCALE, isMailLocale, MAIL_LOCALES, type MailLocale } from "../services/emails/languages";

/**
 * Hono's own Accept-Language negotiation (hono/language), header only: quality values are
 * honoured, a regional tag falls back to its language ("de-CH" → "de"), and "*" or nothing that
 * fits gives English. The web app names the visitor's chosen language first; Stack's SDKs in a
 * browser send the browser's.
 */
const NEGOTIATION: DetectorOptions = {
  order: ["header"],
  lookupFromHeaderKey: "accept-language",
  supportedLanguages: [...MAIL_LOCALES],
  fallbackLanguage: DEFAULT_MAIL_LOCALE,
  ignoreCase: true,
  caches: false,
  lookupQueryString: "",
  lookupCookie: "",
  lookupFromPathIndex: 0,
};

/** The language of the mail this request causes: its Accept-Language negotiated against the mail's languages. */
export function mailLocale(c: Context): MailLocale {
  const found = detectFromHeader(c, NEGOTIATION);
  return isMailLocale(found) ? found : DEFAULT_MAIL_LOCALE;
}
