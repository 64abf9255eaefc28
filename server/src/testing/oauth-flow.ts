/**
 * Drives OAuth sign-in end to end over HTTP, as a browser would: our authorize endpoint, the
 * stand-in provider's redirects (with its cookies), our callback (with our binding cookie),
 * then our token endpoint with the client's PKCE verifier.
 */
import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { call, type Credentials } from "./fixtures";
import type { OidcStandIn, StandInDecision } from "./oidc-stand-in";
import type { TestApp } from "./test-server";

export const CLIENT_REDIRECT = "http://localhost:3000/handler/oauth-callback";
export const CLIENT_ERROR_PAGE = "http://localhost:3000/handler/error";

/** What the flow needs of a project: its id, publishable key and admin credentials. */
export interface OAuthProject {
  projectId: string;
  keys: { publishableKey: string };
  admin: Credentials;
}

export interface ProviderSetting {
  type: string;
  clientId: string;
  clientSecret: string;
  issuerUrl?: string;
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
}

/**
 * Writes providers (and other dotted keys) into the project's environment config; `project.*`
 * keys go to the project level, the only one that takes them.
 */
export async function configureOAuth(
  t: Pick<TestApp, "request">,
  project: OAuthProject,
  providers: Record<string, ProviderSetting>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const projectLevel = Object.fromEntries(Object.entries(extra).filter(([key]) => key.startsWith("project.")));
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(extra).filter(([key]) => !key.startsWith("project.")));
  for (const [id, p] of Object.entries(providers)) {
    changes[`auth.oauth.providers.${id}`] = {
      type: p.type,
      isShared: false,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      ...(p.issuerUrl ? { issuerUrl: p.issuerUrl } : {}),
      allowSignIn: p.allowSignIn ?? true,
      allowConnectedAccounts: p.allowConnectedAccounts ?? true,
    };
  }
  for (const [level, override] of [["project", projectLevel], ["environment", changes]] as const) {
    if (level === "project" && Object.keys(override).length === 0) continue;
    const res = await call(t, "PATCH", `/internal/config/override/${level}`, {
      creds: project.admin,
      body: { config_override_string: JSON.stringify(override) },
    });
    if (res.status !== 200) throw new Error(`config failed: ${res.status} ${res.text}`);
  }
}

export function newPkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url"), state: randomBytes(16).toString("base64url") };
}

export interface AuthorizeOptions {
  provider: string;
  type?: "authenticate" | "link";
  token?: string;
  providerScope?: string;
  json?: boolean;
  redirectUri?: string;
  afterCallbackRedirectUrl?: string;
  pkce?: ReturnType<typeof newPkce>;
  /** The client's PKCE method (S256 unless said); with plain, `pkce.challenge` is the verifier itself. */
  pkceMethod?: "S256" | "plain";
}

export function authorizeQuery(project: OAuthProject, options: AuthorizeOptions, pkce: ReturnType<typeof newPkce>): URLSearchParams {
  const query = new URLSearchParams({
    client_id: project.projectId,
    client_secret: project.keys.publishableKey,
    redirect_uri: options.redirectUri ?? CLIENT_REDIRECT,
    scope: "legacy",
    state: pkce.state,
    grant_type: "authorization_code",
    code_challenge: pkce.challenge,
    code_challenge_method: options.pkceMethod ?? "S256",
    response_type: "code",
    type: options.type ?? "authenticate",
    error_redirect_url: CLIENT_ERROR_PAGE,
  });
  if (options.token) query.set("token", options.token);
  if (options.providerScope) query.set("provider_scope", options.providerScope);
  if (options.json) query.set("stack_response_mode", "json");
  if (options.afterCallbackRedirectUrl) query.set("after_callback_redirect_url", options.afterCallbackRedirectUrl);
  return query;
}

/** Follows the provider's redirects (keeping its cookies) until it sends the browser to `until`. */
export async function followProvider(start: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      jar.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects at the provider");
}

export interface FlowResult {
  /** Where our callback sent the browser. */
  location: URL;
  pkce: ReturnType<typeof newPkce>;
  /** Our callback, as the provider sent the browser to it (to replay it). */
  callbackUrl: URL;
  cookie: string;
}

/** Authorize, the provider's sign-in decided by `decision`, and our callback. */
export async function runFlow(
  t: TestApp,
  standIn: OidcStandIn,
  project: OAuthProject,
  decision: StandInDecision,
  options: AuthorizeOptions,
): Promise<FlowResult> {
  const pkce = options.pkce ?? newPkce();
  const authorize = await t.request(`/api/v1/auth/oauth/authorize/${options.provider}?${authorizeQuery(project, options, pkce)}`);
  if (authorize.status !== 307) throw new Error(`authorize answered ${authorize.status}: ${await authorize.text()}`);
  const cookie = (authorize.headers.get("set-cookie") ?? "").split(";")[0]!;
  standIn.nextDecision(decision);
  const callbackPrefix = `${t.deps.settings.publicUrl}/api/v1/auth/oauth/callback/`;
  const callbackUrl = await followProvider(authorize.headers.get("location")!, callbackPrefix);
  const callback = await t.request(callbackUrl.pathname + callbackUrl.search, { headers: { cookie } });
  // 303 with the code, or 307 with an error for the client's page.
  if (callback.status !== 303 && callback.status !== 307) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`);
  return { location: new URL(callback.headers.get("location")!), pkce, callbackUrl, cookie };
}

export async function exchangeCode(
  t: Pick<TestApp, "request">,
  project: OAuthProject,
  code: string,
  verifier: string,
  redirectUri = CLIENT_REDIRECT,
) {
  const res = await t.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: project.projectId,
      client_secret: project.keys.publishableKey,
    }).toString(),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  // The token answer names no user (as Stack Auth's); the access token does.
  const userId = typeof json?.access_token === "string" ? (decodeJwt(json.access_token).sub ?? null) : null;
  return { status: res.status, json, userId };
}

/** The whole sign-in: the tokens the client ends with. */
export async function signInThroughProvider(
  t: TestApp,
  standIn: OidcStandIn,
  project: OAuthProject,
  decision: StandInDecision,
  options: AuthorizeOptions,
) {
  const flow = await runFlow(t, standIn, project, decision, options);
  const code = flow.location.searchParams.get("code");
  if (!code) throw new Error(`no code at ${flow.location.href}`);
  return exchangeCode(t, project, code, flow.pkce.verifier);
}
