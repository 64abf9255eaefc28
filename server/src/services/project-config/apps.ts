/** The app ids of Stack Auth's app store (`apps.installed.<id>`), in its order; the rendered document lists them so. */
export const APP_IDS = [
  "authentication",
  "fraud-protection",
  "onboarding",
  "teams",
  "rbac",
  "api-keys",
  "payments",
  "emails",
  "email-api",
  "data-vault",
  "webhooks",
  "tv-mode",
  "launch-checklist",
  "catalyst",
  "neon",
  "convex",
  "vercel",
  "analytics",
] as const;
export type AppId = (typeof APP_IDS)[number];
