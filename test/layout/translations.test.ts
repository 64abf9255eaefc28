/**
 * Every message of the translated pages exists in every language: the catalogs hold the same
 * messages, each translated, and a translation keeps the placeholders and tags of its English
 * (a lost `{email}` would print an empty sentence; a lost `<0>` would drop a link). The
 * catalogs are extracted from the code by `npm run gen`, and `gen:check` fails when they lag.
 */
import { formatter } from "@lingui/format-po";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES = ["en", "de", "fr", "es", "ja"] as const;
const catalogsDir = join(import.meta.dirname, "../../web/src/locales");

type Catalog = Record<string, { message?: string; translation?: string }>;

async function load(locale: string): Promise<Catalog> {
  const filename = join(catalogsDir, `${locale}.po`);
  return (await formatter().parse(readFileSync(filename, "utf8"), { locale, sourceLocale: "en", filename })) as Catalog;
}

/**
 * The placeholders and tags a message must keep: `{name}`, `{0}`, `{count, plural, …}`, `<0>`,
 * `</0>`, `<1/>`. A plural's branches (`one {every day}`) are words, which each language words its own way.
 */
const markers = (text: string) => [...text.matchAll(/(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*(\w+)|<\/?\d+\s*\/?>/g)].map((m) => m[1] ?? m[0].replace(/\s+/g, "")).sort();

describe("translations", async () => {
  const catalogs = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await load(locale)] as const))) as Record<(typeof LOCALES)[number], Catalog>;
  const english = catalogs.en;

  it("has English messages to translate", () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`has every message in ${locale}, translated, with the English's placeholders and tags`, () => {
      const catalog = catalogs[locale];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      const untranslated = Object.entries(catalog).filter(([, entry]) => !entry.translation?.trim()).map(([, entry]) => entry.message);
      expect(untranslated).toEqual([]);
      const broken = Object.entries(catalog)
        .filter(([, entry]) => entry.translation && JSON.stringify(markers(entry.translation)) !== JSON.stringify(markers(entry.message ?? "")))
        .map(([, entry]) => `${entry.message} → ${entry.translation}`);
      expect(broken).toEqual([]);
    });
  }
});
