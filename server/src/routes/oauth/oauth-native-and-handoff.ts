import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { stackHeader } from "../../http/headers";
import {
  authenticatedRoute,
  jsonBody,
  jsonResponse,
  rateLimitedResponse,
} from "../../http/openapi";
import type { Router } from "../../http/router";
import { UrlSchema } from "../../http/schemas";
import { S256_CHALLENGE } from "../../services/oauth/authorization-codes";
import { signInWithAppleIdToken } from "../../services/oauth/apple-native";
import { crossDomainRedirect } from "../../services/oauth/cross-domain";
import { MFA_NOTE, SignInResultSchema } from "../../http/sign-in-schemas";

const AppleNativeBody = z
  .strictObject({
    id_token: z
      .string()
      .min(1)
      .max(16_384)
      .openapi({
        description:
          "The identity token Apple's sign-in sheet gave the app (a JWT).",
      }),
  })
  .openapi("AppleNativeSignIn");

const appleNativeRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
    "APPLE_BUNDLE_ID_NOT_CONFIGURED",
    "INVALID_APPLE_CREDENTIALS",
    "SIGN_UP_NOT_ENABLED",
    "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
    "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
    "SSO_REQUIRED",
  ],
  {
    operationId: "signInWithAppleNative",
    method: "post",
    path: "/auth/oauth/callback/apple/native",
    tags: ["OAuth"],
    summary: "Sign in with an Apple identity token from a native app",
    description:
      "For iOS and macOS apps that run Apple's own sign-in: the identity token is checked against Apple's keys, and its " +
      "audience must be one of the bundle ids of the project's `apple` provider (`appleBundles`; none configured answers " +
      "APPLE_BUNDLE_ID_NOT_CONFIGURED, a token that does not check out INVALID_APPLE_CREDENTIALS). The account then signs " +
      `in or up as with the web flow. ${MFA_NOTE} Counts against sign_in_per_ip (429).`,
    request: { body: jsonBody(AppleNativeBody) },
    responses: {
      200: jsonResponse(SignInResultSchema, "Signed in"),
      ...rateLimitedResponse,
    },
  },
);

const CrossDomainBody = z
  .strictObject({
    redirect_uri: UrlSchema.openapi({
      description:
        "The receiving page, on a trusted domain; the code and `state` are added to it.",
    }),
    state: z.string().min(1).max(512),
    code_challenge: z
      .string()
      .regex(S256_CHALLENGE, "an S256 challenge is 43 base64url characters")
      .openapi({
        description:
          "BASE64URL(SHA-256(verifier)) of the receiving page's verifier.",
      }),
    code_challenge_method: z.literal("S256").default("S256"),
    after_callback_redirect_url: UrlSchema.optional().openapi({
      description: "Handed back with the tokens; trusted domain.",
    }),
  })
  .openapi("CrossDomainAuthorizeRequest");

const crossDomainRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "USER_AUTHENTICATION_REQUIRED",
    "REDIRECT_URL_NOT_WHITELISTED",
    "CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED",
    "CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH",
  ],
  {
    operationId: "authorizeCrossDomain",
    method: "post",
    path: "/auth/oauth/cross-domain/authorize",
    tags: ["OAuth"],
    summary: "Hand the signed-in session to another of the project's sites",
    description:
      "Needs the user's access token and the refresh token of the same session (`x-stack-refresh-token`; without it 400, " +
      "another session's 401, both in plain text). Answers `redirect_url`: the trusted `redirect_uri` with a one-time " +
      "authorization code (5 minutes) and `state`. POST /auth/oauth/token trades the code, with the S256 verifier and the " +
      "same redirect URI, for this same session's tokens. Counts against sign_in_per_ip (429).",
    request: { body: jsonBody(CrossDomainBody) },
    responses: {
      200: jsonResponse(
        z
          .object({ redirect_url: z.string() })
          .openapi("CrossDomainAuthorizeResponse"),
        "Where to send the browser",
      ),
      ...rateLimitedResponse,
    },
  },
);

export function registerOAuthNativeAndHandoffRoutes(router: Router): void {
  router.openapi(appleNativeRoute, async (c) => {
    const result = await signInWithAppleIdToken(
      c.var.deps,
      c.var.auth.tenancy,
      c.req.valid("json").id_token,
      clientInfo(c),
    );
    return c.json(result, 200);
  });

  router.openapi(crossDomainRoute, async (c) => {
    const body = c.req.valid("json");
    const redirectUrl = await crossDomainRedirect(
      c.var.deps,
      c.var.auth.tenancy,
      { user: c.var.auth.user, refreshToken: stackHeader(c, "refresh-token") },
      {
        redirectUri: body.redirect_uri,
        state: body.state,
        codeChallenge: body.code_challenge,
        afterCallbackRedirectUrl: body.after_callback_redirect_url,
      },
      clientInfo(c),
    );
    return c.json({ redirect_url: redirectUrl }, 200);
  });
}
