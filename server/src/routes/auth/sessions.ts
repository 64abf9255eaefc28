import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { endSession } from "../../services/sessions";

const signOut = authenticatedRoute(CLIENT_AND_UP, ["USER_AUTHENTICATION_REQUIRED", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"], {
  operationId: "signOut",
  method: "delete",
  path: "/auth/sessions/current",
  tags: ["Sessions"],
  summary: "Sign out (end the current session)",
  // The Stack SDKs send `{}` as a JSON body with this DELETE.
  request: { body: { required: false, content: { "application/json": { schema: z.strictObject({}) } } } },
  responses: { 200: jsonResponse(SuccessSchema, "The session was ended; its refresh token no longer works") },
});

export function registerSessionRoutes(router: Router): void {
  router.openapi(signOut, async (c) => {
    const auth = c.var.auth;
    const user = requireUser(auth);
    await endSession(c.var.deps, auth.tenancy, user.sub, user.refresh_token_id);
    return c.json({ success: true as const }, 200);
  });
}
