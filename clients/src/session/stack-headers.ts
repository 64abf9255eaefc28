export type AccessType = "client" | "server" | "admin";

/** What identifies the caller to the API (CONTRACT §2); every field maps to one x-stack-* header. */
export interface StackCredentials {
  projectId: string;
  accessType?: AccessType;
  branchId?: string;
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
  adminAccessToken?: string;
  accessToken?: string | null;
  clientVersion?: string;
}

export const CLIENT_VERSION = "js @gatehouse/clients@0.0.0";

/** Sets the x-stack-* headers for `credentials`, leaving any header the caller set alone. */
export function applyStackHeaders(headers: Headers, credentials: StackCredentials): Headers {
  const values: Array<[string, string | null | undefined]> = [
    ["x-stack-project-id", credentials.projectId],
    ["x-stack-access-type", credentials.accessType ?? "client"],
    ["x-stack-branch-id", credentials.branchId],
    ["x-stack-publishable-client-key", credentials.publishableClientKey],
    ["x-stack-secret-server-key", credentials.secretServerKey],
    ["x-stack-super-secret-admin-key", credentials.superSecretAdminKey],
    ["x-stack-admin-access-token", credentials.adminAccessToken],
    ["x-stack-access-token", credentials.accessToken],
    ["x-stack-client-version", credentials.clientVersion ?? CLIENT_VERSION],
  ];
  for (const [name, value] of values) {
    if (value && !headers.has(name)) headers.set(name, value);
  }
  return headers;
}
