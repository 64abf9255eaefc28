/**
 * A real OpenID provider on a free loopback port (the `oidc-provider` package, which is
 * certified against the OpenID conformance suite), standing in for the providers Gatehouse
 * talks to: the generic OpenID Connect provider by its issuer URL, and named providers through
 * OAUTH_PROVIDER_ENDPOINTS (`endpointsEnv`).
 *
 * Its sign-in happens on one page of ours: `mode: "form"` shows a plain form (an account
 * picker, Allow and Deny) for a browser to drive; `mode: "auto"` answers at once with the
 * decision queued by `nextDecision`, for tests that follow the redirects over HTTP.
 * Refresh tokens are issued for every grant, and access tokens live `accessTokenTtlSeconds`.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider, { type ClientMetadata } from "oidc-provider";
import { freePort } from "./free-port";

export interface StandInAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export type StandInDecision = { accountId: string } | { deny: true };

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  auth?: "client_secret_basic" | "client_secret_post";
}

export interface OidcStandIn {
  issuer: string;
  accounts: Map<string, StandInAccount>;
  addAccount(account: StandInAccount): StandInAccount;
  /** The next sign-in's answer in `auto` mode (first in, first out); without one, auto mode denies. */
  nextDecision(decision: StandInDecision): void;
  mode: "auto" | "form";
  accessTokenTtlSeconds: number;
  /** How many refresh-token grants the provider answered. */
  refreshCount: number;
  /** OAUTH_PROVIDER_ENDPOINTS pointing each named provider type at this provider. */
  endpointsEnv(types: readonly string[]): string;
  /** The account an access token of this provider stands for (null for an unknown or expired token). */
  accountForToken(accessToken: string): Promise<StandInAccount | null>;
  /** Revokes an access token, as a user can at the provider before it expires. */
  revokeAccessToken(accessToken: string): Promise<void>;
  /** Revokes the whole grant an access token belongs to: its refresh tokens too. */
  revokeGrantOf(accessToken: string): Promise<void>;
  close(): Promise<void>;
}

export async function startOidcStandIn(options: { clients: StandInClient[]; mode?: "auto" | "form" }): Promise<OidcStandIn> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, StandInAccount>();
  const decisions: StandInDecision[] = [];
  const state = { mode: options.mode ?? "auto", accessTokenTtlSeconds: 3600, refreshCount: 0 };

  const clients: ClientMetadata[] = options.clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: client.auth ?? "client_secret_basic",
  }));

  const provider = new Provider(issuer, {
    clients,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    scopes: ["openid", "offline_access", "email", "profile", "contacts.read", "user:email"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => false },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    ttl: {
      AccessToken: () => state.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
    // Quiet in tests: the provider's default keys and cookie keys are fine for a stand-in.
    cookies: { keys: ["stand-in-cookie-key-0123456789abcdef"] },
    renderError: async (ctx, out) => {
      ctx.type = "text/plain";
      ctx.body = `${out.error}: ${out.error_description ?? ""}`;
    },
  });
  provider.on("grant.success", (ctx) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") state.refreshCount += 1;
  });

  async function finish(req: IncomingMessage, res: ServerResponse, decision: StandInDecision) {
    const details = await provider.interactionDetails(req, res);
    if ("deny" in decision) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "The user said no." }, { mergeWithLastSubmission: false });
      return;
    }
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: decision.accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const claims = details.params.claims ? (JSON.parse(String(details.params.claims)) as { userinfo?: Record<string, unknown> }) : undefined;
    if (claims?.userinfo) grant.addOIDCClaims(Object.keys(claims.userinfo));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: decision.accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  function page(res: ServerResponse, uid: string, clientId: string) {
    const options = [...accounts.values()]
      .map((a) => `<label><input type="radio" name="account" value="${escapeHtml(a.sub)}"> ${escapeHtml(a.email ?? a.sub)}</label><br>`)
      .join("\n");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Stand-in provider: sign in</title></head><body>
<h1>Sign in to continue to ${escapeHtml(clientId)}</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
${options}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></body></html>`);
  }

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const uid = decodeURIComponent(new URL(req.url ?? "/", issuer).pathname.split("/")[2] ?? "");
    if (req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const decision: StandInDecision = form.get("decision") === "allow" && form.get("account") ? { accountId: form.get("account")! } : { deny: true };
      return finish(req, res, decision);
    }
    if (state.mode === "auto") return finish(req, res, decisions.shift() ?? { deny: true });
    const details = await provider.interactionDetails(req, res);
    return page(res, uid, String(details.params.client_id));
  }

  const callback = provider.callback();
  const server = createServer((req, res) => {
    if ((req.url ?? "").startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));

  return {
    issuer,
    accounts,
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    nextDecision(decision) {
      decisions.push(decision);
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get accessTokenTtlSeconds() {
      return state.accessTokenTtlSeconds;
    },
    set accessTokenTtlSeconds(value) {
      state.accessTokenTtlSeconds = value;
    },
    get refreshCount() {
      return state.refreshCount;
    },
    set refreshCount(value) {
      state.refreshCount = value;
    },
    endpointsEnv(types) {
      const endpoints = {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
      };
      return JSON.stringify(Object.fromEntries(types.map((type) => [type, endpoints])));
    },
    async accountForToken(accessToken) {
      const token = await provider.AccessToken.find(accessToken);
      return token?.accountId ? (accounts.get(token.accountId) ?? null) : null;
    },
    async revokeAccessToken(accessToken) {
      await (await provider.AccessToken.find(accessToken))?.destroy();
    },
    async revokeGrantOf(accessToken) {
      const token = await provider.AccessToken.find(accessToken);
      const grant = token?.grantId ? await provider.Grant.find(token.grantId) : undefined;
      await grant?.destroy();
      await token?.destroy();
      // oidc-provider checks a refresh token's grant when it is used, so the grant's refresh tokens die with it.
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * GitHub's REST API as GitHub's profile reader calls it (`GET /user`, `GET /user/emails`,
 * bearer token), answering for the stand-in's accounts in GitHub's shapes: the provider
 * is the stand-in, the API this. Point `api_base_url` of OAUTH_PROVIDER_ENDPOINTS at it.
 */
export async function startGitHubApiStandIn(standIn: OidcStandIn): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    void (async () => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const account = token ? await standIn.accountForToken(token) : null;
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!account) return answer(401, { message: "Bad credentials" });
      if (req.url === "/user") return answer(200, { id: Number(gitHubIdOf(account)), login: account.sub, name: account.name ?? null, email: null, avatar_url: account.picture ?? null });
      if (req.url === "/user/emails") {
        return answer(200, account.email ? [{ email: account.email, primary: true, verified: account.email_verified === true, visibility: "private" }] : []);
      }
      return answer(404, { message: "Not Found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The GitHub user id (a number, as GitHub's are) the GitHub API stand-in gives an account. */
export function gitHubIdOf(account: StandInAccount): string {
  return String(Number.parseInt(createHash("sha256").update(account.sub).digest("hex").slice(0, 8), 16));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
