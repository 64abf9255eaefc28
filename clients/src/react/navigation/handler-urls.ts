/** The handler pages of SPEC §2, by the name apps use for them, with the route each sits at under the handler path. */
export const HANDLER_ROUTES = {
  signIn: "sign-in",
  signUp: "sign-up",
  signOut: "sign-out",
  emailVerification: "email-verification",
  forgotPassword: "forgot-password",
  passwordReset: "password-reset",
  oauthCallback: "oauth-callback",
  magicLinkCallback: "magic-link-callback",
  accountSettings: "account-settings",
  error: "error",
  teamInvitation: "team-invitation",
  mfa: "mfa",
  cliAuthConfirm: "cli-auth-confirm",
} as const;

export type HandlerPageName = keyof typeof HANDLER_ROUTES;
export type HandlerRoute = (typeof HANDLER_ROUTES)[HandlerPageName];

export const DEFAULT_HANDLER_PATH = "/handler";

/** Where an app's pages are: every handler page, and home and the after-sign-in/up/out targets. */
export interface HandlerUrls extends Record<HandlerPageName, string> {
  home: string;
  afterSignIn: string;
  afterSignUp: string;
  afterSignOut: string;
}

export interface HandlerUrlOptions extends Partial<HandlerUrls> {
  /** The handler path the pages sit under; default `/handler`. */
  handlerPath?: string;
}

/**
 * The app's URLs: each handler page at `<handlerPath>/<route>` unless given, home at `/`, and
 * the after-sign-in, after-sign-up and after-sign-out targets at home unless given (SPEC §2).
 */
export function handlerUrls(options: HandlerUrlOptions = {}): HandlerUrls {
  const { handlerPath = DEFAULT_HANDLER_PATH, ...given } = options;
  const base = handlerPath.replace(/\/+$/, "");
  const pages = Object.fromEntries(
    Object.entries(HANDLER_ROUTES).map(([name, route]) => [name, given[name as HandlerPageName] ?? `${base}/${route}`]),
  ) as Record<HandlerPageName, string>;
  const home = given.home ?? "/";
  return {
    ...pages,
    home,
    afterSignIn: given.afterSignIn ?? home,
    afterSignUp: given.afterSignUp ?? home,
    afterSignOut: given.afterSignOut ?? home,
  };
}
