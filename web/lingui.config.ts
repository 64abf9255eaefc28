import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The handler pages, account settings and the components they share are translated; the
 * dashboard is for a project's admins and stays in English. English is written in the code
 * (Lingui's macros); `npm run gen` extracts it into the catalogs, which translators fill.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de", "fr", "es", "ja"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: process.env.LINGUI_CATALOG_DIR ? `${process.env.LINGUI_CATALOG_DIR}/{locale}` : "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/features/dashboard/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
