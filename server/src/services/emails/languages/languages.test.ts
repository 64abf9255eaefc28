import { afterAll, describe, expect, it } from "vitest";
import { BUILT_IN_TEMPLATES, BUILT_IN_THEMES, localizedBuiltInTemplate, localizedBuiltInTheme } from "../rendering/defaults";
import { EmailRenderer } from "../rendering/renderer";
import { plainBuiltInEmail } from "../templates";
import { MAIL_LOCALES, MAIL_STRINGS, fillText } from ".";

/** Every text of a language by its path ("magicLink.subject"). */
const texts = (value: unknown, path = ""): Array<[string, string]> =>
  typeof value === "string" ? [[path, value]] : Object.entries(value as object).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key));

/** What a translation must keep: the `{…}` placeholders and the `<link>` markup. */
const markers = (text: string) => [...text.matchAll(/\{[^}]*\}|<\/?link>/g)].map((m) => m[0]).sort();

describe("the mail's languages", () => {
  it("every language has every English text, with the same placeholders and link", () => {
    const english = texts(MAIL_STRINGS.en);
    for (const locale of MAIL_LOCALES) {
      const translated = new Map(texts(MAIL_STRINGS[locale]));
      expect([...translated.keys()].sort(), locale).toEqual(english.map(([path]) => path).sort());
      for (const [path, text] of english) {
        expect(markers(translated.get(path)!), `${locale} ${path}`).toEqual(markers(text));
        if (locale !== "en" && /\p{L}/u.test(text)) expect(translated.get(path), `${locale} ${path} is translated`).not.toBe(text);
      }
    }
  });

  it("fills placeholders with values and leaves an unknown one as it is", () => {
    expect(fillText("Join {variables.teamDisplayName} on {project.displayName}", { "variables.teamDisplayName": "Crew", "project.displayName": "Acme" })).toBe("Join Crew on Acme");
    expect(fillText("{nobody} here", {})).toBe("{nobody} here");
  });

  it("the plain last-resort mail speaks the language too, and English as before", () => {
    const link = "https://app.example/verify?code=ABC";
    expect(plainBuiltInEmail("en", "Acme", { kind: "emailVerification", link })).toMatchObject({
      subject: "Verify your e-mail for Acme",
      text: `Hello,\n\nPlease confirm that this e-mail address belongs to you by opening the link below.\nIf you did not ask for this, you can ignore this message.\n\nVerify e-mail: ${link}`,
    });
    const german = plainBuiltInEmail("de", "Acme", { kind: "magicLink", link, otp: "3SLSWZ" });
    expect(german.subject).toBe("Ihr Anmeldecode für Acme: 3SLSWZ");
    expect(german.text).toContain(`Anmelden: ${link}`);
    expect(german.html).toContain('<html lang="de">');
  });
});

describe("the built-in templates and themes in every language", () => {
  const renderer = new EmailRenderer({ poolSize: 1 });
  afterAll(() => renderer.close());

  it("render with their preview variables, in the language's words", async () => {
    for (const locale of MAIL_LOCALES) {
      for (const [id, template] of Object.entries(BUILT_IN_TEMPLATES)) {
        for (const [themeId, theme] of Object.entries(BUILT_IN_THEMES)) {
          const out = await renderer.render({
            templateSource: localizedBuiltInTemplate(id, template.tsxSource, locale),
            themeSource: localizedBuiltInTheme(themeId, theme.tsxSource, locale),
            project: { displayName: "Acme" },
            user: { displayName: "Ann" },
            unsubscribeLink: "https://app.example/unsubscribe",
            previewMode: true,
          });
          const where = `${locale} ${template.displayName} in ${theme.displayName}`;
          expect(out.subject, where).toContain("Acme");
          expect(out.html, where).toMatch(new RegExp(`<html [^>]*lang="${locale}"`));
          expect(out.text, where).toContain(fillText(MAIL_STRINGS[locale].greetingWithName, { "user.displayName": "Ann" }));
          const unsubscribe = MAIL_STRINGS[locale].unsubscribe.replace(/<\/?link>/g, "");
          // The text part writes the link's address after its label.
          expect(out.text.replace(/\s*https?:\/\/\S*unsubscribe\b/g, "").replace(/\s+/g, " "), where).toContain(unsubscribe.replace(/\s+/g, " "));
        }
      }
    }
  }, 120_000);

  it("an edited template or theme is rendered as the project wrote it", () => {
    const [id] = Object.keys(BUILT_IN_TEMPLATES);
    expect(localizedBuiltInTemplate(id!, "edited", "de")).toBe("edited");
    expect(localizedBuiltInTheme(Object.keys(BUILT_IN_THEMES)[0]!, "edited", "ja")).toBe("edited");
    expect(localizedBuiltInTemplate("not-built-in", "own", "fr")).toBe("own");
  });
});
