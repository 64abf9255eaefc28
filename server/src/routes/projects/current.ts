import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { toProjectConfigView } from "../../services/project-config/project-view";

const ClientProjectSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    config: z.object({
      sign_up_enabled: z.boolean(),
      credential_enabled: z.boolean(),
      magic_link_enabled: z.boolean(),
      passkey_enabled: z.boolean(),
      client_team_creation_enabled: z.boolean(),
      client_user_deletion_enabled: z.boolean(),
      allow_localhost: z.boolean().openapi({ description: "Gatehouse's own: whether localhost URLs are trusted redirect targets (its client library checks return targets with it)." }),
      allow_user_api_keys: z.boolean(),
      allow_team_api_keys: z.boolean(),
      enabled_oauth_providers: z.array(z.object({ id: z.string() })),
      domains: z.array(z.object({ domain: z.string(), handler_path: z.string() })),
    }),
  })
  .openapi("ClientProject");

const getCurrentProjectRoute = authenticatedRoute(CLIENT_AND_UP, [], {
  operationId: "getCurrentProject",
  method: "get",
  path: "/projects/current",
  tags: ["Projects"],
  summary: "The current project's public settings",
  description: "What a sign-in page needs: the display name and which sign-in methods are on.",
  responses: { 200: jsonResponse(ClientProjectSchema, "The project") },
});

export function registerCurrentProjectRoutes(router: Router): void {
  router.openapi(getCurrentProjectRoute, (c) => {
    const { project, config } = c.var.auth.tenancy;
    const view = toProjectConfigView(config);
    return c.json(
      {
        id: project.id,
        display_name: project.displayName,
        config: {
          sign_up_enabled: view.sign_up_enabled,
          credential_enabled: view.credential_enabled,
          magic_link_enabled: view.magic_link_enabled,
          passkey_enabled: view.passkey_enabled,
          client_team_creation_enabled: view.client_team_creation_enabled,
          client_user_deletion_enabled: view.client_user_deletion_enabled,
          allow_localhost: view.allow_localhost,
          allow_user_api_keys: view.allow_user_api_keys,
          allow_team_api_keys: view.allow_team_api_keys,
          enabled_oauth_providers: view.enabled_oauth_providers,
          domains: view.domains,
        },
      },
      200,
    );
  });
}
