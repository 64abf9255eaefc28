import { i18n, type Messages } from "@lingui/core";
import { useEffect } from "react";
import { messages as englishMessages } from "../locales/en.po";

/** The languages the handler pages, account settings and built-in e-mails are written in. */
export const LOCALES = ["en", "de", "fr", "es", "ja"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", ja: "日本語" };

const STORAGE_KEY = "gatehouse:locale";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The first of the browser's languages we have, by primary subtag ("de-AT" is German). */
export function browserLocale(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of preferred) {
    const language = tag.split("-")[0]!.toLowerCase();
    if (isLocale(language)) return language;
  }
  return "en";
}

/** The page's language now, for Intl formatting outside React (English before any is active). */
export function pageLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/** A formatter (or anything else) made once per language and then reused. */
export function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(locale)));
    return value;
  };
}

/** The visitor's own choice if they made one here, else their browser's language. */
export function chosenLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    /* storage blocked: fall back to the browser */
  }
  return browserLocale();
}

// English is in the first download: it is the default and the dashboard's language, and a page
// cannot render a word before its messages are in, so a chunk of its own would be one more round
// trip before anything shows. Every other language is a chunk loaded when chosen.
const catalogs: Record<Exclude<Locale, "en">, () => Promise<{ messages: Messages }>> = {
  de: () => import("../locales/de.po"),
  fr: () => import("../locales/fr.po"),
  es: () => import("../locales/es.po"),
  ja: () => import("../locales/ja.po"),
};

/** Loads a language's messages and makes it the page's language (also `<html lang>`); English at once. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = locale === "en" ? englishMessages : (await catalogs[locale]()).messages;
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Remembers the visitor's choice and switches to it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
  await activateLocale(locale);
}


/** The language a page opens in: the dashboard is for a project's admins and is written in English only. */
export function initialLocale(pathname: string): Locale {
  return pathname === "/dashboard" || pathname.startsWith("/dashboard/") ? "en" : chosenLocale();
}

/** Makes `locale` the page's language while the calling frame is on screen (moving between the handler pages and the dashboard). */
export function useLocale(locale: Locale): void {
  useEffect(() => {
    if (i18n.locale !== locale) void activateLocale(locale);
  }, [locale]);
}
