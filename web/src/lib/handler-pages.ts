/**
 * The pages this app serves, as plain data. The router is built from it, and the build writes
 * it to dist/web-routes.json (vite.config.ts) so that the server answers 404 for every other
 * path without importing web/ (ARCHITECTURE §3). No React or DOM here: the Vite config loads it.
 */

/** The handler routes SPEC §2 names; they sit under the handler path. */
export type HandlerRoute =
  | "sign-in"
  | "sign-up"
  | "sign-out"
  | "email-verification"
  | "forgot-password"
  | "password-reset"
  | "oauth-callback"
  | "magic-link-callback"
  | "account-settings"
  | "error"
  | "team-invitation"
  | "mfa"
  | "cli-auth-confirm";

/** The handler routes this app has a page for; the others answer 404 until they exist. */
export const HANDLER_PAGES = [
  "sign-in",
  "sign-up",
  "sign-out",
  "email-verification",
  "forgot-password",
  "password-reset",
  "magic-link-callback",
  "mfa",
  "team-invitation",
] as const satisfies readonly HandlerRoute[];

export type HandlerPage = (typeof HANDLER_PAGES)[number];

/** Pages outside the handler path. */
export const SITE_PAGES = ["/"] as const;

/** dist/web-routes.json, read by server/src/http/web-app.ts. */
export interface WebRoutes {
  /** The project whose users sign in on these pages; its config gives the handler path. */
  projectId: string;
  pages: readonly string[];
  handlerPages: readonly string[];
}

export function webRoutes(projectId: string): WebRoutes {
  return { projectId, pages: SITE_PAGES, handlerPages: HANDLER_PAGES };
}
