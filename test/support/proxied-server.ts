/**
 * The real-server half of a contract area: the whole app on a fresh database, behind
 * `prism proxy --errors`, so every request and response of a flow is checked against the
 * published document. Flow helpers here assert, at every step, both the behaviour and
 * that the proxy saw no violation.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { startMailCatcher, startServer, TEST_INTERNAL_KEYS, uniqueEmail, type MailCatcher, type TestServer } from "../harness";
import { expectValidThroughProxy, httpClient, type Credentials, type HttpClient } from "./http";
import { behindPooler, startPooledServers } from "../harness";
import { againstArtifact, startArtifactServer } from "../harness/artifact-server";
import { startPrism, type PrismInstance } from "./prism";

export interface ProxiedServer {
  server: TestServer;
  prism: PrismInstance;
  /** Through the validating proxy. */
  api: HttpClient;
  /** Straight to the server's /api/v1, for what the document does not describe. */
  direct: HttpClient;
  /** The in-process SMTP server the app sends through, when started `withMail`. */
  mail: MailCatcher;
}

interface ProxiedServerState extends Omit<ProxiedServer, "mail"> {
  mail?: MailCatcher;
}

/**
 * Starts a test server and a validating proxy in front of it for the enclosing describe block.
 * `withMail` points the app's shared SMTP server at an in-process catcher (`mail`).
 */
export function useProxiedServer(options: { withMail?: boolean } = {}): ProxiedServer {
  let state: ProxiedServerState | undefined;
  let mail: MailCatcher | undefined;
  beforeAll(async () => {
    if (options.withMail) mail = await startMailCatcher();
    const server = againstArtifact() ? await startArtifactServer(mail?.env) : behindPooler() ? await startPooledServers(mail?.env) : await startServer({ env: mail?.env });
    try {
      const prism = await startPrism({ mode: "proxy", upstream: `${server.url}/api/v1`, errors: true });
      state = { server, prism, api: httpClient(prism.url), direct: httpClient(`${server.url}/api/v1`), mail };
    } catch (error) {
      await server.close();
      throw error;
    }
  });
  afterAll(async () => {
    await state?.prism.close();
    await state?.server.close();
    await mail?.close();
  });
  const get = (): ProxiedServerState => {
    if (!state) throw new Error("the proxied server is not running");
    return state;
  };
  return {
    get server() {
      return get().server;
    },
    get prism() {
      return get().prism;
    },
    get api() {
      return get().api;
    },
    get direct() {
      return get().direct;
    },
    get mail() {
      const caught = get().mail;
      if (!caught) throw new Error("this proxied server was started without withMail");
      return caught;
    },
  };
}

export const internalClient: Credentials = {
  projectId: "internal",
  accessType: "client",
  publishableKey: TEST_INTERNAL_KEYS.publishableClientKey,
};

export interface Session {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export const PASSWORD = "correct horse battery";

/** Signs a new user up through the proxy (with client access of `client`). */
export async function signUpThroughProxy(api: HttpClient, client: Credentials, email = uniqueEmail("contract")): Promise<Session> {
  const res = await api.call("POST", "/auth/password/sign-up", { creds: client, body: { email, password: PASSWORD } });
  expectValidThroughProxy(res, 200);
  expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String) });
  return { userId: res.json.user_id, email, password: PASSWORD, accessToken: res.json.access_token, refreshToken: res.json.refresh_token };
}

export interface ContractProject {
  projectId: string;
  owner: Session;
  ownerTeamId: string;
  keys: { publishableKey: string; secretKey: string; adminKey: string; keySetId: string };
  client: Credentials;
  server: Credentials;
  admin: Credentials;
}

/**
 * The admin bootstrap of CONTRACT §5, every call through the validating proxy: an owner
 * signs up in `internal`, creates a project for their personal team, then its keys.
 */
export async function bootstrapProject(api: HttpClient, config?: Record<string, unknown>): Promise<ContractProject> {
  const owner = await signUpThroughProxy(api, internalClient, uniqueEmail("owner"));
  const me = await api.call("GET", "/users/me", { creds: { ...internalClient, accessToken: owner.accessToken } });
  expectValidThroughProxy(me, 200);
  const ownerTeamId: string = me.json.selected_team_id;
  expect(ownerTeamId).toEqual(expect.any(String));

  const project = await api.call("POST", "/internal/projects", {
    creds: { ...internalClient, accessToken: owner.accessToken },
    body: { display_name: "Contract project", owner_team_id: ownerTeamId, ...(config ? { config } : {}) },
  });
  expectValidThroughProxy(project, 201);
  const projectId: string = project.json.id;

  const keys = await api.call("POST", "/internal/api-keys", {
    creds: { projectId, accessType: "admin", adminAccessToken: owner.accessToken },
    body: {
      description: "contract keys",
      expires_at_millis: Date.now() + 30 * 24 * 3600 * 1000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  expectValidThroughProxy(keys, 200);
  const k = {
    publishableKey: keys.json.publishable_client_key as string,
    secretKey: keys.json.secret_server_key as string,
    adminKey: keys.json.super_secret_admin_key as string,
    keySetId: keys.json.id as string,
  };
  return {
    projectId,
    owner,
    ownerTeamId,
    keys: k,
    client: { projectId, accessType: "client", publishableKey: k.publishableKey },
    server: { projectId, accessType: "server", secretKey: k.secretKey },
    admin: { projectId, accessType: "admin", adminKey: k.adminKey },
  };
}

/** The OAuth refresh grant, form-encoded and without x-stack headers, as the SDKs send it. */
export function refreshThroughProxy(api: HttpClient, projectId: string, refreshToken: string, clientSecret: string) {
  return api.call("POST", "/auth/oauth/token", {
    form: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: projectId, client_secret: clientSecret },
  });
}
