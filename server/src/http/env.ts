import type { AccessTokenClaims } from "../services/sessions/access-tokens";
import type { ServiceDeps } from "../services/deps";
import type { Tenancy } from "../services/projects/tenancy";

export type AccessType = "client" | "server" | "admin";

/** Who is calling: resolved once per request from the headers of CONTRACT §2. */
export interface RequestAuth {
  type: AccessType;
  tenancy: Tenancy;
  /** The signed-in user's verified token claims, when an access token was sent. */
  user: AccessTokenClaims | null;
  /** The project owner (a user of `internal`) and session behind an admin access token, if one was sent. */
  owner?: { userId: string; sessionId: string } | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    deps: ServiceDeps;
    auth: RequestAuth;
  };
}
