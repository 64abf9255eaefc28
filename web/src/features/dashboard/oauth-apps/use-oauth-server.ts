import { adminKeys, adminQuery, api, useAdmin } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** An API or MCP server tokens may be issued for (RFC 8707), as `oauthServer.resources.<id>` stores it. */
export interface OAuthResource {
  id: string;
  uri: string;
  displayName: string;
  /** The scopes a token for it may carry; none means a token naming it as audience only. */
  scopes: string[];
}

export interface OAuthServerSettings {
  enabled: boolean;
  dynamicClientRegistration: boolean;
  /** By id. */
  resources: OAuthResource[];
}

interface StoredResource {
  uri?: string;
  displayName?: string;
  scopes?: string;
}

interface StoredOAuthServer {
  enabled?: boolean;
  dynamicClientRegistration?: boolean;
  resources?: Record<string, StoredResource | null>;
}

const words = (value: string | undefined) => (value ?? "").split(" ").filter(Boolean);

/** The project as an OAuth server: the `oauthServer` part of the rendered configuration (`GET /internal/config`, admin). */
export function useOAuthServerSettings(projectId: string): OAuthServerSettings {
  const { data } = useSuspenseQuery({
    ...adminQuery(projectId, adminKeys(projectId).config(), (request) => api.getConfig(request)),
    select: (answer): OAuthServerSettings => {
      const stored = (JSON.parse(answer.config_string) as { oauthServer?: StoredOAuthServer }).oauthServer ?? {};
      const resources = Object.entries(stored.resources ?? {})
        .filter((entry): entry is [string, StoredResource] => entry[1] !== null)
        .map(([id, resource]) => ({ id, uri: resource.uri ?? "", displayName: resource.displayName ?? "", scopes: words(resource.scopes) }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { enabled: stored.enabled === true, dynamicClientRegistration: stored.dynamicClientRegistration === true, resources };
    },
  });
  return data;
}

/**
 * Saves into the environment's override (`PATCH /internal/config/override/environment`), the
 * level the dashboard writes: each dotted key (`oauthServer.enabled`, `oauthServer.resources.notes`)
 * replaces its value, `null` removes a resource. The server checks the document as it would be
 * and refuses with SCHEMA_ERROR naming the key.
 */
export function useSaveOAuthServer(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  const update = api.useUpdateConfigOverride({ request, mutation: { onSuccess: () => invalidate(keys.config()) } });
  const save = (changes: Record<string, unknown>) => update.mutateAsync({ level: "environment", data: { config_override_string: JSON.stringify(changes) } });
  return { ...update, save };
}

/** The stored form of a resource, for `oauthServer.resources.<id>`. */
export function storedResource(resource: Omit<OAuthResource, "id">): StoredResource {
  return {
    uri: resource.uri,
    ...(resource.displayName ? { displayName: resource.displayName } : {}),
    ...(resource.scopes.length > 0 ? { scopes: resource.scopes.join(" ") } : {}),
  };
}
