/**
 * The development OAuth provider: a real OpenID provider (`oidc-provider`, certified against
 * the OpenID conformance suite) that Gatehouse serves itself at `<PUBLIC_URL>/dev-oauth`
 * outside production, and that every shared provider (`isShared: true`) signs in at when no
 * OAUTH_SHARED_ISSUER is set (services/oauth/shared-provider.ts). It lets a project use
 * "Sign in with GitHub" before it has registered an OAuth app anywhere.
 *
 * Its sign-in is one page of ours (dev-oauth-page.ts): the developer picks an identity (one
 * used lately in this browser, or a sample) or types an e-mail and a name. Nothing is checked:
 * whoever reaches the page may be anyone, which is why it never runs in production (the
 * routes are not mounted there, and shared providers are refused). The identity's subject is
 * its e-mail address, lower-cased, so the same address is the same account every time.
 *
 * Clients are the named provider types (`client_id=spotify`), all with the one secret below:
 * it guards nothing a developer could not do on the page, and needs no configuration. Any
 * callback URL of this server is accepted, so that a provider configured under another id
 * (`spotify-work`) works too. PKCE S256 is required, as Gatehouse always sends it. Grants,
 * codes and tokens live in this process's memory: restarting the server signs everyone out
 * of the development provider (not out of Gatehouse).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { ClientMetadata, KoaContextWithOIDC } from "oidc-provider";
import { identityFromForm, readRecentIdentities, recentIdentitiesCookie, renderIdentityPage, type DevIdentity } from "./dev-oauth-page";

export const DEV_OAUTH_PATH = "/dev-oauth";
export const DEV_OAUTH_CLIENT_SECRET = "gatehouse-development-provider";
const PROVIDER_TYPES = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"];
const MAX_FORM_BYTES = 8 * 1024;

export function devOAuthIssuer(publicUrl: string): string {
  return `${publicUrl}${DEV_OAUTH_PATH}`;
}

export interface DevOAuthProvider {
  /** Answers a request whose path starts with DEV_OAUTH_PATH; resolves once the answer is sent. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

interface DevOAuthOptions {
  publicUrl: string;
  cookieSecret: string;
  trustProxy: boolean;
}

/**
 * The provider, started on the first request to it: a server nobody signs in through at
 * /dev-oauth neither loads oidc-provider nor prints its start-up warnings.
 */
export function createDevOAuthProvider(options: DevOAuthOptions): DevOAuthProvider {
  let started: Promise<DevOAuthProvider> | undefined;
  return {
    async handle(req, res) {
      started ??= import("oidc-provider").then(({ default: ProviderClass }) => startDevOAuthProvider(options, ProviderClass));
      started.catch(() => (started = undefined));
      return (await started).handle(req, res);
    },
  };
}

function startDevOAuthProvider(options: DevOAuthOptions, ProviderClass: typeof Provider): DevOAuthProvider {
  const callbackPrefix = `${options.publicUrl}/api/v1/auth/oauth/callback/`;
  /** Names typed for an address, for its claims (the subject is the address itself). */
  const names = new Map<string, string>();

  const clients: ClientMetadata[] = PROVIDER_TYPES.map((type) => ({
    client_id: type,
    client_secret: DEV_OAUTH_CLIENT_SECRET,
    redirect_uris: [`${callbackPrefix}${type}`],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "client_secret_basic",
  }));

  const provider = new ProviderClass(devOAuthIssuer(options.publicUrl), {
    clients,
    // Gatehouse asks for `openid offline_access` only; the identity comes with the subject.
    claims: { openid: ["sub", "email", "email_verified", "name"] },
    scopes: ["openid", "offline_access"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${DEV_OAUTH_PATH}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 14 * 24 * 3600, Interaction: 3600, Session: 600, Grant: 3600 },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, ...(names.has(id) ? { name: names.get(id) } : {}) }),
    }),
    cookies: { keys: [options.cookieSecret] },
    renderError: async (ctx, out) => {
      ctx.type = "text/plain; charset=utf-8";
      ctx.body = `The development OAuth provider refused this request: ${out.error}${out.error_description ? ` (${out.error_description})` : ""}`;
    },
  });
  provider.proxy = options.trustProxy;
  // Any callback of this server: a provider's config id need not be its type.
  const allowed = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: InstanceType<typeof provider.Client>, value: string) {
    return allowed.call(this, value) || (value.startsWith(callbackPrefix) && /^[A-Za-z0-9_:$-]+$/.test(value.slice(callbackPrefix.length)));
  };
  const callback = provider.callback();

  async function finish(req: IncomingMessage, res: ServerResponse, identity: DevIdentity | null) {
    if (!identity) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "The sign-in was cancelled." }, { mergeWithLastSubmission: false });
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (identity.name) names.set(identity.email, identity.name);
    else names.delete(identity.email);
    const grant = new provider.Grant({ accountId: identity.email, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    res.appendHeader("set-cookie", recentIdentitiesCookie(readRecentIdentities(req.headers.cookie), identity, options.publicUrl.startsWith("https:")));
    await provider.interactionFinished(req, res, { login: { accountId: identity.email }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const recent = readRecentIdentities(req.headers.cookie);
    if (req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      if (form.get("decision") === "cancel") return finish(req, res, null);
      const parsed = identityFromForm(form);
      if ("error" in parsed) return sendPage(res, 400, renderIdentityPage({ clientId, uid: details.uid, recent, error: parsed.error, typed: parsed.typed }));
      return finish(req, res, parsed.identity);
    }
    const current = typeof details.session?.accountId === "string" ? details.session.accountId : null;
    return sendPage(res, 200, renderIdentityPage({ clientId, uid: details.uid, recent, current }));
  }

  return {
    handle(req, res) {
      const done = new Promise<void>((resolve) => {
        res.once("finish", resolve);
        res.once("close", resolve);
      });
      const path = (req.url ?? "/").slice(DEV_OAUTH_PATH.length) || "/";
      // oidc-provider finds its mount path by comparing these two.
      Object.assign(req, { originalUrl: req.url, url: path });
      if (path.startsWith("/interaction/")) {
        interaction(req, res).catch(() => {
          if (res.headersSent) return res.end();
          sendPage(res, 400, "This development sign-in has expired or was already used. Go back to the app and start again.", "text/plain; charset=utf-8");
        });
      } else {
        void callback(req, res);
      }
      return done;
    },
  };
}

function sendPage(res: ServerResponse, status: number, body: string, type = "text/html; charset=utf-8") {
  res.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > MAX_FORM_BYTES) {
        req.destroy();
        reject(new Error("form too large"));
      }
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}
