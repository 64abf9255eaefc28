/**
 * The few calls the process-level tests make against a server process, on its `internal`
 * project: sign-up, sign-in, the caller's user, and the server's user list. Every call has
 * a deadline, so a hung request shows as an error instead of stalling the test.
 */
import { PROCESS_KEYS } from "../harness/server-process";

export const CLIENT_HEADERS = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": PROCESS_KEYS.publishableClientKey,
};

export const SERVER_HEADERS = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "server",
  "x-stack-secret-server-key": PROCESS_KEYS.secretServerKey,
};

export const ADMIN_HEADERS = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": PROCESS_KEYS.superSecretAdminKey,
};

export const TEST_PASSWORD = "operations-test-password-1";

let addressCounter = 0;
/**
 * A different client address for each call (the servers run with TRUST_PROXY), so that
 * per-address rate limits on sign-up and sign-in measure nothing here.
 */
function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface Answer {
  status: number;
  /** The known error's code, when the answer is one. */
  code: string | undefined;
  json: any;
}

export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      "x-forwarded-for": nextClientAddress(),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, code: response.headers.get("x-stack-known-error") ?? undefined, json };
}

export const signUp = (baseUrl: string, email: string, timeoutMs?: number) =>
  callApi(baseUrl, "POST", "/auth/password/sign-up", { headers: CLIENT_HEADERS, body: { email, password: TEST_PASSWORD }, timeoutMs });

export const signIn = (baseUrl: string, email: string) =>
  callApi(baseUrl, "POST", "/auth/password/sign-in", { headers: CLIENT_HEADERS, body: { email, password: TEST_PASSWORD } });

export const readOwnUser = (baseUrl: string, accessToken: string, timeoutMs?: number) =>
  callApi(baseUrl, "GET", "/users/me", { headers: { ...CLIENT_HEADERS, "x-stack-access-token": accessToken }, timeoutMs });

/** The primary e-mail of every user of the internal project, read page by page with the server key. */
export async function listUserEmails(baseUrl: string): Promise<Set<string>> {
  const emails = new Set<string>();
  let cursor: string | undefined;
  do {
    const answer = await callApi(baseUrl, "GET", `/users?limit=1000${cursor ? `&cursor=${cursor}` : ""}`, { headers: SERVER_HEADERS });
    if (answer.status !== 200) throw new Error(`Listing users answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    for (const user of answer.json.items as Array<{ primary_email: string | null }>) if (user.primary_email) emails.add(user.primary_email);
    cursor = answer.json.pagination.next_cursor ?? undefined;
  } while (cursor);
  return emails;
}
