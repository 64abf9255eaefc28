import {
  createGatehouseQueryClient,
  createMemoryStorage,
  createSession,
  GatehouseProvider,
  type Navigate,
  type Session,
} from "@gatehouse/clients/react";
import { cleanup } from "@testing-library/react";
import { Component, Suspense, type ReactNode } from "react";
import { afterEach, inject } from "vitest";

// Testing Library unmounts after each test by itself only where vitest's globals are on.
afterEach(cleanup);

export const PASSWORD = "correct horse battery staple";

/** The real server global-setup.ts started for these tests. */
export interface HookServer {
  url: string;
  adminKey: string;
}

export function hookServer(): HookServer {
  return { url: inject("hookServerUrl"), adminKey: inject("hookAdminKey") };
}

export interface Counted {
  session: Session;
  /** Every request the session's fetch made, as `METHOD /path`. */
  requests: string[];
}

/** A session on the internal project that counts its requests; tokens in memory. */
export function countingSession(server: HookServer): Counted {
  const requests: string[] = [];
  const session = createSession({
    baseUrl: server.url,
    projectId: "internal",
    storage: createMemoryStorage(),
    fetch: (input, init) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      requests.push(`${init?.method ?? "GET"} ${url.pathname.replace(/^\/api\/v1/, "")}`);
      // jsdom's AbortSignal is not Node's, which Node's fetch insists on.
      return globalThis.fetch(input, { ...init, signal: undefined });
    },
  });
  return { session, requests };
}

/** Renders inside a provider for `session`, with Suspense and an error boundary whose catch is reported. */
export function wrapperFor(session: Session, options: { navigate?: Navigate; onError?: (error: unknown) => void } = {}) {
  const queryClient = createGatehouseQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <GatehouseProvider session={session} queryClient={queryClient} navigate={options.navigate}>
        <Catch onError={options.onError ?? (() => {})}>
          <Suspense fallback={<p>loading</p>}>{children}</Suspense>
        </Catch>
      </GatehouseProvider>
    );
  }
  return { Wrapper, queryClient };
}

/** React logs every error a boundary catches; the tests that expect one say so instead. */
export function quietErrors(): () => void {
  const original = console.error;
  console.error = () => {};
  return () => {
    console.error = original;
  };
}

class Catch extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

export async function api(server: HookServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export async function signedUpSession(server: HookServer, label: string) {
  const counted = countingSession(server);
  const email = uniqueEmail(label);
  const signUp = await api(server, "POST", "/auth/password/sign-up", { email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.json)}`);
  counted.session.setTokens({ accessToken: signUp.json.access_token, refreshToken: signUp.json.refresh_token });
  return { ...counted, email, userId: signUp.json.user_id as string, refreshToken: signUp.json.refresh_token as string };
}

/** Admin access to the internal project, for switching its settings in a test. */
export function adminHeaders(server: HookServer): Record<string, string> {
  return { "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": server.adminKey };
}
