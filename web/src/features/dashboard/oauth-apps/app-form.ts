import type { api } from "@gatehouse/clients/react";
import type { FormValidateInput } from "@mantine/form";
import type { GrantType } from "./app-labels";

/** The server's limits (server/src/routes/oauth-apps/shapes.ts); it checks each redirect URI itself, and says what is wrong. */
const NAME_MAX_LENGTH = 200;
const MAX_REDIRECT_URIS = 20;

export type SecretMethod = "client_secret_basic" | "client_secret_post";

/** An app as the create and edit forms hold it: URI lists one per line, scopes as tags. */
export interface AppFormValues {
  displayName: string;
  type: api.OAuthAppType;
  secretMethod: SecretMethod;
  grants: GrantType[];
  redirectUris: string;
  postLogoutRedirectUris: string;
  scopes: string[];
  logoUrl: string;
  homepageUrl: string;
}

/** The lines of a list field, trimmed, blank ones left out. */
export const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const signsUsersIn = (grants: readonly GrantType[]) => grants.includes("authorization_code");

export function initialAppValues(app?: api.OAuthApp): AppFormValues {
  return {
    displayName: app?.display_name ?? "",
    type: app?.type ?? "confidential",
    secretMethod: app?.token_endpoint_auth_method === "client_secret_post" ? "client_secret_post" : "client_secret_basic",
    grants: app ? [...app.grant_types] : ["authorization_code", "refresh_token"],
    redirectUris: app?.redirect_uris.join("\n") ?? "",
    postLogoutRedirectUris: app?.post_logout_redirect_uris.join("\n") ?? "",
    scopes: app ? app.scope.split(" ").filter(Boolean) : [],
    logoUrl: app?.logo_url ?? "",
    homepageUrl: app?.homepage_url ?? "",
  };
}

/** What an app that does not sign users in sends for its URIs: none (the server refuses redirect URIs without that grant). */
function uris(values: AppFormValues) {
  return signsUsersIn(values.grants)
    ? { redirect_uris: lines(values.redirectUris), post_logout_redirect_uris: lines(values.postLogoutRedirectUris) }
    : { redirect_uris: [], post_logout_redirect_uris: [] };
}

export function updateBody(values: AppFormValues): api.OAuthAppUpdate {
  return {
    display_name: values.displayName.trim(),
    ...uris(values),
    grant_types: values.grants,
    scope: values.scopes.join(" "),
    logo_url: values.logoUrl.trim() || null,
    homepage_url: values.homepageUrl.trim() || null,
  };
}

export function createBody(values: AppFormValues): api.OAuthAppCreate {
  return {
    ...updateBody(values),
    display_name: values.displayName.trim(),
    type: values.type,
    ...(values.type === "confidential" ? { token_endpoint_auth_method: values.secretMethod } : {}),
  };
}

function webAddressProblem(value: string, example: string): string | null {
  const url = value.trim();
  if (url === "") return null;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return `Enter a whole http or https address, such as ${example}.`;
  return null;
}

/**
 * What the form checks before sending: the name, at least one grant, a redirect URI for an app
 * that signs users in, and the shape of the two web addresses. Each redirect URI's rules
 * (https, loopback http, reverse-domain schemes; no fragment or wildcard) are the server's, and
 * its refusal names the URI.
 */
export const validateApp: FormValidateInput<AppFormValues> = {
  displayName: (value) => {
    if (value.trim() === "") return "Give the app a name; users see it when they sign in.";
    return value.trim().length > NAME_MAX_LENGTH ? `Use at most ${NAME_MAX_LENGTH} characters.` : null;
  },
  grants: (grants) => (grants.length === 0 ? "Choose at least one thing the app may do." : null),
  redirectUris: (value, values) => {
    if (!signsUsersIn(values.grants)) return null;
    const count = lines(value).length;
    if (count === 0) return "Enter at least one redirect URI: where users come back to the app after signing in.";
    return count > MAX_REDIRECT_URIS ? `Enter at most ${MAX_REDIRECT_URIS} redirect URIs.` : null;
  },
  postLogoutRedirectUris: (value, values) =>
    signsUsersIn(values.grants) && lines(value).length > MAX_REDIRECT_URIS ? `Enter at most ${MAX_REDIRECT_URIS} addresses.` : null,
  logoUrl: (value) => webAddressProblem(value, "https://example.com/logo.png"),
  homepageUrl: (value) => webAddressProblem(value, "https://example.com"),
};
