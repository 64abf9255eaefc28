import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonResponse, optionalJsonBody, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { z } from "@hono/zod-openapi";
import { signUpAnonymously } from "../../services/auth/anonymous";
import { SignInTokensSchema } from "../../http/sign-in-schemas";

const signUpAnonymouslyRoute = authenticatedRoute(CLIENT_AND_UP, ["ANONYMOUS_ACCOUNTS_NOT_ENABLED"], {
  operationId: "signUpAnonymously",
  method: "post",
  path: "/auth/anonymous/sign-up",
  tags: ["Anonymous"],
  summary: "Create an anonymous user and sign in as them",
  description:
    "The tokens use the anonymous issuer and audience; send `x-stack-allow-anonymous-user: true` with them. " +
    "Signing up with a password while holding this session upgrades the same user. A project with " +
    "`anonymous_sign_up_enabled` off answers ANONYMOUS_ACCOUNTS_NOT_ENABLED.",
  // The Stack SDKs send this POST without a body; an empty JSON object is accepted too.
  request: { body: optionalJsonBody(z.strictObject({})) },
  // Always a new user, so no `is_new_user`, as in Stack Auth's answer.
  responses: { 200: jsonResponse(SignInTokensSchema, "Signed up and signed in as a new anonymous user"), ...rateLimitedResponse },
});

export function registerAnonymousRoutes(router: Router): void {
  router.openapi(signUpAnonymouslyRoute, async (c) => {
    const tokens = await signUpAnonymously(c.var.deps, c.var.auth.tenancy, clientInfo(c));
    return c.json(tokens, 200);
  });
}
