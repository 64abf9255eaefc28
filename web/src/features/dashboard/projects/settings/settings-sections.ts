/** The groups of the settings page, in page order: the in-page navigation lists these. */
export const SETTINGS_SECTIONS = [
  "Project",
  "Sign-in methods",
  "Domains",
  "OAuth providers",
  "Teams",
  "Users",
  "API keys",
  "E-mail server",
  "Rate limits",
  "Administrators",
  "Danger zone",
] as const;

/** The id of a group's heading, the page's `#fragment` for it: "OAuth providers" is `oauth-providers`. */
export const sectionId = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
