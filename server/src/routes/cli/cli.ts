import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import {
  CLI_LOGIN_DEFAULT_LIFETIME_MS,
  CLI_LOGIN_MAX_LIFETIME_MS,
  completeCliLogin,
  pollCliLogin,
  startCliLogin,
} from "../../services/auth/cli-login";

const CODE = z.string().min(1).max(256);

const StartCliLoginBody = z
  .strictObject({
    expires_in_millis: z
      .number()
      .int()
      .min(1)
      .max(CLI_LOGIN_MAX_LIFETIME_MS)
      .optional()
      .openapi({ description: `How long the login may wait for confirmation; default ${CLI_LOGIN_DEFAULT_LIFETIME_MS} (2 hours), at most 24 hours.` }),
    anon_refresh_token: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .openapi({ description: "The refresh token of the anonymous user the tool already runs as, so the confirm page can take that user over." }),
  })
  .openapi("StartCliLogin");

const CliLoginStartedSchema = z
  .object({
    polling_code: z.string().openapi({ description: "The tool keeps this secret and polls with it." }),
    login_code: z.string().openapi({ description: "Goes in the confirm page's link (`?login_code=`)." }),
    expires_at: z.string().openapi({ description: "When both codes expire (ISO 8601).", example: "2025-01-01T12:00:00.000Z" }),
  })
  .openapi("CliLoginStarted");

const PollCliLoginBody = z.strictObject({ polling_code: CODE }).openapi("PollCliLogin");

const CliLoginPendingSchema = z
  .object({ status: z.enum(["waiting", "expired", "used"]).openapi({ description: "`waiting`: poll again (every 2 s); `expired` and `used` end the login." }) })
  .openapi("CliLoginPending");

const CliLoginSucceededSchema = z
  .object({
    status: z.literal("success"),
    refresh_token: z.string().openapi({
      description: "The session the confirm page handed over with `refresh_token`, or else a new session of the confirming user.",
    }),
  })
  .openapi("CliLoginSucceeded");

const CompleteCliLoginBody = z
  .strictObject({
    login_code: CODE,
    mode: z
      .enum(["check", "claim-anon-session", "complete"])
      .optional()
      .openapi({ description: "`complete` (the default) confirms as the signed-in user; `check` and `claim-anon-session` need no user." }),
    refresh_token: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .openapi({
        description: "The confirming browser session's refresh token (the Stack SDK's page sends it): that session confirms, and the tool gets it.",
      }),
  })
  .openapi("CompleteCliLogin");

const CompleteCliLoginAnswer = z
  .union([
    z.object({ cli_session_state: z.enum(["anonymous", "none"]) }).openapi("CliLoginCheck"),
    z.object({ access_token: z.string(), refresh_token: z.string() }).openapi("CliLoginAnonymousSession"),
    z.object({ success: z.literal(true) }).openapi("CliLoginConfirmed"),
  ])
  .openapi("CompleteCliLoginAnswer");

const startCliLoginRoute = authenticatedRoute(CLIENT_AND_UP, ["CLI_ANON_REFRESH_TOKEN_INVALID", "CLI_ANON_REFRESH_TOKEN_NOT_ANONYMOUS"], {
  operationId: "startCliLogin",
  method: "post",
  path: "/auth/cli",
  tags: ["CLI"],
  summary: "Start a CLI login",
  description:
    "A command-line tool asks to sign in: it keeps the polling code and sends the person to the cli-auth-confirm page " +
    "with the login code. Both codes are single use and expire together. `anon_refresh_token` must be a live session of " +
    "an anonymous user of this project (a plain 400 otherwise, as in Stack Auth). Rate limited per IP (429).",
  request: { body: optionalJsonBody(StartCliLoginBody) },
  responses: { 200: jsonResponse(CliLoginStartedSchema, "The login's codes"), ...rateLimitedResponse },
});

const pollCliLoginRoute = authenticatedRoute(CLIENT_AND_UP, ["INVALID_POLLING_CODE"], {
  operationId: "pollCliLogin",
  method: "post",
  path: "/auth/cli/poll",
  tags: ["CLI"],
  summary: "Poll a CLI login",
  description:
    "`waiting` until a user confirms; then, once, 201 `success` with a refresh token of that user (the session the page " +
    "handed over, or a new one); " +
    "`used` afterwards. `expired` once the codes expire. Poll every 2 seconds. Rate limited per IP (429).",
  request: { body: jsonBody(PollCliLoginBody) },
  responses: {
    200: jsonResponse(CliLoginPendingSchema, "Not signed in (yet)"),
    201: jsonResponse(CliLoginSucceededSchema, "Confirmed: the tool's session"),
    ...rateLimitedResponse,
  },
});

const completeCliLoginRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "USER_AUTHENTICATION_REQUIRED",
    "CLI_AUTH_ERROR",
    "CLI_AUTH_EXPIRED_ERROR",
    "CLI_AUTH_USED_ERROR",
    "CLI_NO_ANONYMOUS_SESSION",
    "CLI_REFRESH_TOKEN_REQUIRED",
    "CLI_REFRESH_TOKEN_INVALID",
  ],
  {
    operationId: "completeCliLogin",
    method: "post",
    path: "/auth/cli/complete",
    tags: ["CLI"],
    summary: "Check or confirm a CLI login",
    description:
      "The cli-auth-confirm page's calls. `check`: whether the login code can still be confirmed, and whether the tool " +
      "runs as an anonymous user (`cli_session_state`). `claim-anon-session`: that anonymous session's tokens, once, " +
      "so the person can sign up as them. `complete` (default): the user of `refresh_token` when it is sent (that session " +
      "goes to the tool), else the signed-in user, confirms (a restricted one is refused); the tool's next poll gets the " +
      "session. An unknown, used or expired login code answers CLI_AUTH_ERROR, " +
      "CLI_AUTH_USED_ERROR or CLI_AUTH_EXPIRED_ERROR. Rate limited per IP with the other code checks (429).",
    request: { body: jsonBody(CompleteCliLoginBody) },
    responses: { 200: jsonResponse(CompleteCliLoginAnswer, "Checked, claimed or confirmed"), ...rateLimitedResponse },
  },
);

export function registerCliLoginRoutes(router: Router): void {
  router.openapi(startCliLoginRoute, async (c) => {
    const body = c.req.valid("json") ?? {};
    const started = await startCliLogin(
      c.var.deps,
      c.var.auth.tenancy,
      { expiresInMillis: body.expires_in_millis, anonRefreshToken: body.anon_refresh_token },
      clientInfo(c),
    );
    return c.json(started, 200);
  });

  router.openapi(pollCliLoginRoute, async (c) => {
    const answer = await pollCliLogin(c.var.deps, c.var.auth.tenancy, c.req.valid("json").polling_code, clientInfo(c));
    // The Stack SDK takes only a 201 as success.
    if (answer.status === "success") return c.json(answer, 201);
    return c.json(answer, 200);
  });

  router.openapi(completeCliLoginRoute, async (c) => {
    const body = c.req.valid("json");
    const user = c.var.auth.user;
    const answer = await completeCliLogin(
      c.var.deps,
      c.var.auth.tenancy,
      { loginCode: body.login_code, mode: body.mode ?? "complete", refreshToken: body.refresh_token },
      user ? { userId: user.sub, sessionId: user.refresh_token_id } : null,
      clientInfo(c),
    );
    return c.json(answer, 200);
  });
}
