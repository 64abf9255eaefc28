import type { api } from "@gatehouse/clients/react";

export type GrantType = api.OAuthAppGrantTypesItem;

/** The grants an app may have, in the order the form lists them, with what each lets it do. */
export const GRANTS: ReadonlyArray<{ grant: GrantType; label: string; short: string; description: string }> = [
  {
    grant: "authorization_code",
    label: "Sign users in",
    short: "Sign-in",
    description: "Authorization code with PKCE: the app sends users here to sign in and allow it, then gets tokens for them.",
  },
  {
    grant: "refresh_token",
    label: "Stay signed in",
    short: "Refresh",
    description: "Refresh tokens: the app keeps the user signed in without asking again. Goes with signing users in.",
  },
  {
    grant: "urn:ietf:params:oauth:grant-type:device_code",
    label: "Sign in on another device",
    short: "Device",
    description: "Device flow: for CLIs and TVs without a browser; the user finishes signing in on their phone or computer.",
  },
  {
    grant: "client_credentials",
    label: "Act on its own",
    short: "Client credentials",
    description: "Client credentials: a server calls your APIs as itself, with no user. It proves itself with its secret, so public apps cannot.",
  },
];

const GRANT_ORDER = new Map(GRANTS.map(({ grant }, index) => [grant, index]));

/** An app's grants in the form's order, by their short names. */
export const grantNames = (grants: readonly GrantType[]) =>
  [...grants].sort((a, b) => (GRANT_ORDER.get(a) ?? 0) - (GRANT_ORDER.get(b) ?? 0)).map((grant) => GRANTS.find((g) => g.grant === grant)?.short ?? grant);

export const TYPE_LABELS: Record<api.OAuthAppType, string> = { confidential: "Confidential", public: "Public" };

export const TYPE_DESCRIPTIONS: Record<api.OAuthAppType, string> = {
  confidential: "A web app with its own server, which keeps a client secret and proves itself with it.",
  public: "A single-page app, mobile or desktop app, or CLI: it cannot keep a secret, so it has none and proves each sign-in with PKCE.",
};

export const registeredByLabel = (app: Pick<api.OAuthApp, "registered_by">) => (app.registered_by === "dynamic" ? "Self-registered" : "Admin");

/** The scopes the project's OAuth server grants by itself (server/src/services/oauth-apps/scopes.ts); resources add their own. */
export const SERVER_SCOPES = ["openid", "profile", "email", "teams", "offline_access"] as const;

/** "3 redirect URIs" */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
