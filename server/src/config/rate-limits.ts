/**
 * The rate-limit rules and their built-in defaults, and the server-wide setting that
 * replaces those defaults (RATE_LIMIT_MULTIPLIER, RATE_LIMITS). A project's config can
 * override any rule again (`rateLimits.<id>` in the config document, `rate_limits` in the
 * snake_case view); services/rate-limits/rate-limits.ts resolves the three.
 *
 * They live here rather than in services because the environment is validated at start:
 * a misspelt rule name in RATE_LIMITS must stop the server, not be ignored.
 */

export interface RateLimitRule {
  /** The key of the rule in project config (`rateLimits.<id>`); snake_case in RATE_LIMITS and the view. */
  id: RateLimitId;
  /** Prefix of its counters in the rate_limits table. */
  name: string;
  max: number;
  windowSeconds: number;
}

export type RateLimitId =
  | "signInPerIp"
  | "signInPerEmailAndIp"
  | "signInPerEmail"
  | "signInPerAccount"
  | "signUpPerIp"
  | "codeSendPerAccount"
  | "codeSendPerIp"
  | "codeCheckPerIp"
  | "cliLoginPerIp"
  | "cliPollPerIp"
  | "sessionReplayBatchesPerSession"
  | "aiRequestsPerCaller"
  | "feedbackPerIp"
  | "analyticsBatchesPerSession"
  | "oauthServerPerIp"
  | "oauthClientRegistrationPerIp"
  | "scimPerDirectory";

/**
 * Password sign-in is bounded three ways: per address (one client trying many accounts),
 * per e-mail and address pair (one client guessing one account), and per e-mail over a
 * longer window (many addresses guessing one account). The pair is the tight bound, so a
 * guesser at one address cannot refuse the owner at another; the per-e-mail bound is ten
 * times larger and six times slower, so it takes at least ten addresses to reach it.
 * `signInPerAccount` bounds the secret checks of a signed-in user (current password on
 * password change, TOTP codes), where only that user can be the caller.
 * CLI logins are bounded per address when started (each makes rows) and when polled: a tool
 * polls every 2 s (SPEC §9), 300 times in 10 minutes, so the bound leaves room for four
 * waiting at once behind one address. Their codes are never guessable, so this is about load.
 * AI requests cost the operator money at the model's service: they are bounded per caller (a
 * dashboard user, or a project's admin key). Feedback anyone may send is bounded per address.
 */
export const RATE_LIMITS = {
  signInPerIp: { id: "signInPerIp", name: "sign-in:ip", max: 100, windowSeconds: 600 },
  signInPerEmailAndIp: { id: "signInPerEmailAndIp", name: "sign-in:email-ip", max: 20, windowSeconds: 600 },
  signInPerEmail: { id: "signInPerEmail", name: "sign-in:email", max: 200, windowSeconds: 3600 },
  signInPerAccount: { id: "signInPerAccount", name: "sign-in:account", max: 20, windowSeconds: 600 },
  signUpPerIp: { id: "signUpPerIp", name: "sign-up:ip", max: 50, windowSeconds: 3600 },
  codeSendPerAccount: { id: "codeSendPerAccount", name: "code-send:account", max: 5, windowSeconds: 600 },
  codeSendPerIp: { id: "codeSendPerIp", name: "code-send:ip", max: 50, windowSeconds: 3600 },
  codeCheckPerIp: { id: "codeCheckPerIp", name: "code-check:ip", max: 100, windowSeconds: 600 },
  cliLoginPerIp: { id: "cliLoginPerIp", name: "cli-login:ip", max: 50, windowSeconds: 3600 },
  cliPollPerIp: { id: "cliPollPerIp", name: "cli-poll:ip", max: 1200, windowSeconds: 600 },
  // The SDK's recorder flushes every 5 s from each open tab (sooner on bursts); several tabs share a session.
  sessionReplayBatchesPerSession: { id: "sessionReplayBatchesPerSession", name: "session-replay-batch:session", max: 600, windowSeconds: 600 },
  aiRequestsPerCaller: { id: "aiRequestsPerCaller", name: "ai:caller", max: 200, windowSeconds: 3600 },
  feedbackPerIp: { id: "feedbackPerIp", name: "feedback:ip", max: 10, windowSeconds: 3600 },
  // The SDK's tracker sends a batch every few seconds from an open page; several tabs share a session.
  analyticsBatchesPerSession: { id: "analyticsBatchesPerSession", name: "analytics-batch:session", max: 600, windowSeconds: 600 },
  // Every request to a project's OAuth server (authorize, token, userinfo, introspection...) from one address:
  // room for a busy machine client, a bound on guessing codes, secrets and tokens.
  oauthServerPerIp: { id: "oauthServerPerIp", name: "oauth-server:ip", max: 1200, windowSeconds: 600 },
  // Dynamic client registration makes a row each time.
  oauthClientRegistrationPerIp: { id: "oauthClientRegistrationPerIp", name: "oauth-registration:ip", max: 20, windowSeconds: 3600 },
  // Every SCIM request with one directory's token. Okta and Entra ID send a few requests a second at
  // most during a full push (their own limits are lower); a bound on what a leaked token can do.
  scimPerDirectory: { id: "scimPerDirectory", name: "scim:directory", max: 6000, windowSeconds: 600 },
} as const satisfies { [K in RateLimitId]: RateLimitRule & { id: K } };

export const RATE_LIMIT_IDS = Object.keys(RATE_LIMITS) as RateLimitId[];

/** Bounds on any configured limit: at least one hit, a window of one second to one day. */
export const RATE_LIMIT_BOUNDS = { maxMax: 1_000_000_000, maxWindowSeconds: 86_400 } as const;

export const snakeCaseRuleId = (id: RateLimitId) => id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const idBySnakeCase = new Map(RATE_LIMIT_IDS.map((id) => [snakeCaseRuleId(id), id]));

export interface RateLimitSetting {
  max?: number;
  windowSeconds?: number;
}

export type RateLimitSettings = Partial<Record<RateLimitId, RateLimitSetting>>;

/** The server-wide rules: the built-in ones with `max` scaled by the multiplier, then RATE_LIMITS's explicit values. */
export function serverWideRateLimits(multiplier: number, explicit: RateLimitSettings): Record<RateLimitId, { max: number; windowSeconds: number }> {
  const result = {} as Record<RateLimitId, { max: number; windowSeconds: number }>;
  for (const id of RATE_LIMIT_IDS) {
    const builtIn = RATE_LIMITS[id];
    const scaled = Math.min(RATE_LIMIT_BOUNDS.maxMax, Math.max(1, Math.round(builtIn.max * multiplier)));
    result[id] = { max: explicit[id]?.max ?? scaled, windowSeconds: explicit[id]?.windowSeconds ?? builtIn.windowSeconds };
  }
  return result;
}

const positiveInteger = (text: string, limit: number): number | undefined => {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= limit ? value : undefined;
};

/**
 * Parses RATE_LIMITS: comma-separated `rule=max` or `rule=max/window_seconds`, rule names in
 * snake_case (`sign_in_per_ip=1000,sign_up_per_ip=500/60`). Returns the problems instead of
 * guessing, so the environment check can name them all.
 */
export function parseRateLimitList(text: string): { settings: RateLimitSettings; problems: string[] } {
  const settings: RateLimitSettings = {};
  const problems: string[] = [];
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)(?:\/(\d+))?$/.exec(entry);
    const id = match ? idBySnakeCase.get(match[1]!) : undefined;
    if (!match || !id) {
      problems.push(`"${entry}" is not rule=max or rule=max/window_seconds with a rule among ${[...idBySnakeCase.keys()].join(", ")}`);
      continue;
    }
    const max = positiveInteger(match[2]!, RATE_LIMIT_BOUNDS.maxMax);
    const windowSeconds = match[3] === undefined ? undefined : positiveInteger(match[3], RATE_LIMIT_BOUNDS.maxWindowSeconds);
    if (max === undefined) problems.push(`"${entry}": max must be 1 to ${RATE_LIMIT_BOUNDS.maxMax}`);
    else if (match[3] !== undefined && windowSeconds === undefined) problems.push(`"${entry}": window_seconds must be 1 to ${RATE_LIMIT_BOUNDS.maxWindowSeconds}`);
    else settings[id] = windowSeconds === undefined ? { max } : { max, windowSeconds };
  }
  return { settings, problems };
}
