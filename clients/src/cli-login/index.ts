/**
 * CLI login for command-line tools (SPEC §4): start a login, show the person a link to the
 * cli-auth-confirm page, and poll every 2 seconds (SPEC §9) until they confirm there. The
 * result is the refresh token of a new session of the confirming user, stored in the
 * Session given (which then refreshes access tokens as usual) and returned. Expired and
 * used logins, and any other answer, end in a CliLoginError with SPEC §8's messages.
 *
 * Works in Node 20+ (global fetch) and in browsers; nothing here touches the DOM.
 */
import { createGatehouseClient } from "../fetch";
import { requestTokenRefresh, type KnownErrorCode, type Session } from "../session";

/** SPEC §8's three CLI errors, by the known-error code the Stack SDK gives them (a misspelt one drops out, and its use does not compile). */
export type CliLoginErrorCode = Extract<KnownErrorCode, "CLI_AUTH_ERROR" | "CLI_AUTH_EXPIRED_ERROR" | "CLI_AUTH_USED_ERROR">;

export const CLI_LOGIN_EXPIRED_MESSAGE = "CLI authentication request expired. Please try again.";
export const CLI_LOGIN_USED_MESSAGE = "This authentication token has already been used.";
export const CLI_LOGIN_TIMED_OUT_MESSAGE = "Timed out waiting for CLI authentication.";

/** SPEC §9: the wait between two polls. */
export const CLI_POLL_INTERVAL_MILLIS = 2000;

export class CliLoginError extends Error {
  override readonly name = "CliLoginError";
  constructor(
    readonly code: CliLoginErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface CliLoginOptions {
  /**
   * Shown the link to open and the login code in it. Without it the link is printed with
   * console.log, as the Stack SDK does.
   */
  onLoginUrl?: (url: string, loginCode: string) => void;
  /** The confirm page; default `<server origin>/handler/cli-auth-confirm`. `?login_code=` is added. */
  confirmUrl?: string;
  /** How long the login may wait for the person; the server's default is 2 hours, its maximum 24. */
  expiresInMillis?: number;
  /** The refresh token of the anonymous user the tool runs as, for the confirm page to take over. */
  anonRefreshToken?: string;
  /** Default 2000 ms. */
  pollIntervalMillis?: number;
  /** Give up after this many polls (CLI_AUTH_ERROR "Timed out…"); default: never. */
  maxAttempts?: number;
  /** Stops waiting; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Signs `session` in through the browser; resolves with the new session's refresh token. */
export async function loginFromCli(session: Session, options: CliLoginOptions = {}): Promise<string> {
  const client = createGatehouseClient({
    baseUrl: session.baseUrl,
    projectId: session.projectId,
    branchId: session.branchId,
    publishableClientKey: session.publishableClientKey,
    // The session's fetch already retries network failures and 429s.
    fetch: session.fetch,
    retry: false,
  });
  const body = {
    ...(options.expiresInMillis === undefined ? {} : { expires_in_millis: options.expiresInMillis }),
    ...(options.anonRefreshToken === undefined ? {} : { anon_refresh_token: options.anonRefreshToken }),
  };
  const started = await client.POST("/auth/cli", { body, signal: options.signal }).catch(failed("Could not start the CLI login"));
  if (!started.data) throw apiFailure("Could not start the CLI login", started.error);
  const { polling_code, login_code } = started.data;

  const url = confirmPageUrl(session.baseUrl, options.confirmUrl, login_code);
  if (options.onLoginUrl) options.onLoginUrl(url, login_code);
  else console.log(`Open this link to sign in (code ${login_code}):\n${url}`);

  const interval = options.pollIntervalMillis ?? CLI_POLL_INTERVAL_MILLIS;
  for (let attempt = 1; attempt <= (options.maxAttempts ?? Infinity); attempt++) {
    const polled = await client.POST("/auth/cli/poll", { body: { polling_code }, signal: options.signal }).catch(failed("Could not poll the CLI login"));
    if (!polled.data) throw apiFailure("Could not poll the CLI login", polled.error);
    const answer = polled.data;
    if (answer.status === "success" && polled.response.status === 201) {
      const tokens = await requestTokenRefresh(session.fetch, {
        baseUrl: session.baseUrl,
        projectId: session.projectId,
        branchId: session.branchId,
        publishableClientKey: session.publishableClientKey,
        refreshToken: answer.refresh_token,
      });
      session.setTokens(tokens);
      return tokens.refreshToken;
    }
    if (answer.status === "expired") throw new CliLoginError("CLI_AUTH_EXPIRED_ERROR", CLI_LOGIN_EXPIRED_MESSAGE);
    if (answer.status === "used") throw new CliLoginError("CLI_AUTH_USED_ERROR", CLI_LOGIN_USED_MESSAGE);
    if (answer.status !== "waiting") throw new CliLoginError("CLI_AUTH_ERROR", `Unexpected status from CLI auth polling: ${String(answer.status)}`);
    await wait(interval, options.signal);
  }
  throw new CliLoginError("CLI_AUTH_ERROR", CLI_LOGIN_TIMED_OUT_MESSAGE);
}

/** The confirm page's link: the given page, or the handler page on the API's own origin. */
export function confirmPageUrl(apiBaseUrl: string, confirmUrl: string | undefined, loginCode: string): string {
  const page = confirmUrl ?? `${apiBaseUrl.replace(/\/api\/v1\/?$/, "")}/handler/cli-auth-confirm`;
  const separator = page.includes("?") ? "&" : "?";
  return `${page}${separator}login_code=${encodeURIComponent(loginCode)}`;
}

function apiFailure(what: string, error: unknown): CliLoginError {
  const known = error as { code?: unknown; error?: unknown } | undefined;
  const reason = typeof known?.error === "string" ? known.error : JSON.stringify(error);
  return new CliLoginError("CLI_AUTH_ERROR", `${what}: ${reason}`, { cause: error });
}

/** Network failures (after the session's retries) become CLI_AUTH_ERROR; an abort stays an abort. */
function failed(what: string) {
  return (error: unknown): never => {
    if (error instanceof Error && error.name === "AbortError") throw error;
    throw new CliLoginError("CLI_AUTH_ERROR", `${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  };
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
