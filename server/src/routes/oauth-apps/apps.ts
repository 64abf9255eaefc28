import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema } from "../../http/schemas";
import { createOAuthApp, deleteOAuthApp, getOAuthApp, listOAuthApps, rotateOAuthAppSecret, updateOAuthApp } from "../../services/oauth-apps/apps";
import { appFields, OAuthAppSchema, oauthAppToWire } from "./shapes";

const ISSUER_NOTE =
  "The project's OAuth server (issuer `<PUBLIC_URL>/api/v1/projects/<project_id>/oauth2`, metadata at its " +
  "`/.well-known/openid-configuration` and at RFC 8414's address) answers only while the configuration key " +
  "`oauthServer.enabled` is true.";

const OAuthAppWithSecretSchema = OAuthAppSchema.extend({
  client_secret: z.string().nullable().openapi({ description: "Shown this once for a confidential app (null for a public one); only its digest is kept." }),
}).openapi("OAuthAppWithSecret");

const CreateBody = z
  .strictObject({
    ...appFields,
    type: z.enum(["confidential", "public"]),
    token_endpoint_auth_method: z.enum(["client_secret_basic", "client_secret_post"]).optional().openapi({ description: "How a confidential app sends its secret; client_secret_basic unless said." }),
    redirect_uris: appFields.redirect_uris.optional(),
    post_logout_redirect_uris: appFields.post_logout_redirect_uris.optional(),
    grant_types: appFields.grant_types.optional().openapi({ description: "authorization_code and refresh_token unless said." }),
    scope: appFields.scope.optional(),
    logo_url: appFields.logo_url.optional(),
    homepage_url: appFields.homepage_url.optional(),
  })
  .openapi("OAuthAppCreate");

const UpdateBody = z
  .strictObject({
    display_name: appFields.display_name.optional(),
    redirect_uris: appFields.redirect_uris.optional(),
    post_logout_redirect_uris: appFields.post_logout_redirect_uris.optional(),
    grant_types: appFields.grant_types.optional(),
    scope: appFields.scope.optional(),
    logo_url: appFields.logo_url.optional(),
    homepage_url: appFields.homepage_url.optional(),
  })
  .openapi("OAuthAppUpdate");

const ClientParam = z.object({ client_id: z.string().min(1).max(64).openapi({ param: { name: "client_id", in: "path" } }) });

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(ADMIN_ONLY, errors, { ...spec, tags: ["OAuth apps"] });

const listRoute = route([], {
  operationId: "listOAuthApps",
  method: "get",
  path: "/internal/oauth-apps",
  summary: "The apps that sign users in with this project",
  description: ISSUER_NOTE,
  responses: { 200: jsonResponse(listSchema(OAuthAppSchema, "OAuthAppList"), "Every app, oldest first, those that registered themselves among them") },
});

const createRoute = route(["OAUTH_APP_INVALID"], {
  operationId: "createOAuthApp",
  method: "post",
  path: "/internal/oauth-apps",
  summary: "Add an OAuth app",
  description: `A confidential app gets a secret, shown in this answer only. ${ISSUER_NOTE}`,
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonResponse(OAuthAppWithSecretSchema, "The app, and its secret once") },
});

const getRoute = route(["OAUTH_APP_NOT_FOUND"], {
  operationId: "getOAuthApp",
  method: "get",
  path: "/internal/oauth-apps/{client_id}",
  summary: "One OAuth app",
  request: { params: ClientParam },
  responses: { 200: jsonResponse(OAuthAppSchema, "The app") },
});

const updateRoute = route(["OAUTH_APP_NOT_FOUND", "OAUTH_APP_INVALID"], {
  operationId: "updateOAuthApp",
  method: "patch",
  path: "/internal/oauth-apps/{client_id}",
  summary: "Change an OAuth app",
  description: "Lists replace the stored ones. Tokens already issued keep working until they expire or are revoked.",
  request: { params: ClientParam, body: jsonBody(UpdateBody) },
  responses: { 200: jsonResponse(OAuthAppSchema, "The app as changed") },
});

const deleteRoute = route(["OAUTH_APP_NOT_FOUND"], {
  operationId: "deleteOAuthApp",
  method: "delete",
  path: "/internal/oauth-apps/{client_id}",
  summary: "Remove an OAuth app and revoke everything it was given",
  description: "Its users' grants, codes and tokens are deleted in the same transaction: its access tokens stop at once.",
  request: { params: ClientParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

const rotateRoute = route(["OAUTH_APP_NOT_FOUND", "OAUTH_APP_INVALID"], {
  operationId: "rotateOAuthAppSecret",
  method: "post",
  path: "/internal/oauth-apps/{client_id}/rotate-secret",
  summary: "Give a confidential OAuth app a new secret",
  description: "The old secret stops working at once; the answer shows the new one once.",
  request: { params: ClientParam },
  responses: { 200: jsonResponse(z.object({ client_secret: z.string() }).openapi("OAuthAppSecret"), "The new secret") },
});

export function registerOAuthAppRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const apps = await listOAuthApps(c.var.deps, c.var.auth.tenancy);
    return c.json({ items: apps.map(oauthAppToWire), is_paginated: false }, 200);
  });

  router.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const { app, secret } = await createOAuthApp(c.var.deps, c.var.auth.tenancy, {
      displayName: body.display_name,
      tokenEndpointAuthMethod: body.type === "public" ? "none" : (body.token_endpoint_auth_method ?? "client_secret_basic"),
      redirectUris: body.redirect_uris ?? [],
      postLogoutRedirectUris: body.post_logout_redirect_uris ?? [],
      grantTypes: body.grant_types ?? ["authorization_code", "refresh_token"],
      scope: body.scope ?? "",
      logoUrl: body.logo_url ?? null,
      homepageUrl: body.homepage_url ?? null,
    });
    return c.json({ ...oauthAppToWire(app), client_secret: secret }, 201);
  });

  router.openapi(getRoute, async (c) => c.json(oauthAppToWire(await getOAuthApp(c.var.deps, c.var.auth.tenancy, c.req.valid("param").client_id)), 200));

  router.openapi(updateRoute, async (c) => {
    const body = c.req.valid("json");
    const app = await updateOAuthApp(c.var.deps, c.var.auth.tenancy, c.req.valid("param").client_id, {
      displayName: body.display_name,
      redirectUris: body.redirect_uris,
      postLogoutRedirectUris: body.post_logout_redirect_uris,
      grantTypes: body.grant_types,
      scope: body.scope,
      logoUrl: body.logo_url,
      homepageUrl: body.homepage_url,
    });
    return c.json(oauthAppToWire(app), 200);
  });

  router.openapi(deleteRoute, async (c) => {
    await deleteOAuthApp(c.var.deps, c.var.auth.tenancy, c.req.valid("param").client_id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(rotateRoute, async (c) => {
    const secret = await rotateOAuthAppSecret(c.var.deps, c.var.auth.tenancy, c.req.valid("param").client_id);
    return c.json({ client_secret: secret }, 200);
  });
}
