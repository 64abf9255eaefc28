/**
 * The pages this app serves, as plain data. The build writes it to dist/web-routes.json
 * (vite.config.ts) so that the server answers 404 for every other path without importing web/
 * (ARCHITECTURE §3). No React or DOM here: the Vite config loads it.
 */
import type { HandlerRoute } from "@gatehouse/clients/navigation";

/**
 * Every handler route of SPEC §2; each sits under the handler path. Written out because the
 * Vite config cannot load the clients' TypeScript at run time; the type below fails to
 * compile when a route of the client library is missing here.
 */
export const HANDLER_PAGES = [
  "sign-in",
  "sign-up",
  "sign-out",
  "email-verification",
  "forgot-password",
  "password-reset",
  "oauth-callback",
  "magic-link-callback",
  "account-settings",
  "error",
  "team-invitation",
  "mfa",
  "cli-auth-confirm",
] as const satisfies readonly HandlerRoute[];

type MissingRoute = Exclude<HandlerRoute, (typeof HANDLER_PAGES)[number]>;
const everyRouteListed: [MissingRoute] extends [never] ? true : MissingRoute = true;
void everyRouteListed;

/** Pages outside the handler path (`/sso-setup` is a team's self-serve SSO set-up, opened with a set-up link). */
export const SITE_PAGES = ["/", "/sso-setup"] as const;

/**
 * Sections the app routes below itself: every path under them is the app's (`/purchase/<code>` is
 * the hosted checkout, `/oauth2/<project id>/authorize/<uid>` the OAuth authorize page).
 */
export const SITE_SECTIONS = ["/dashboard", "/purchase", "/oauth2"] as const;

/** dist/web-routes.json, read by server/src/http/web-app.ts. */
export interface WebRoutes {
  /** The project whose users sign in on these pages; its config gives the handler path. */
  projectId: string;
  pages: readonly string[];
  sections: readonly string[];
  handlerPages: readonly string[];
}

export function webRoutes(projectId: string): WebRoutes {
  return { projectId, pages: SITE_PAGES, sections: SITE_SECTIONS, handlerPages: HANDLER_PAGES };
}
