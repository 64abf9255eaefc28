/**
 * The requests `npm run bench` measures, as data: each case is one request (method, path,
 * headers, body) and the references (scripts/bench/references.ts) it is compared with in
 * the same run. run.ts gives every reference its port and path, and the bare one the body
 * Gatehouse answered.
 */
import { authHeaders } from "../../server/src/testing/fixtures";
import type { BenchFixture } from "./fixtures";
import type { Definition, FloorWork } from "./references";

export type ReferenceSpec =
  | { kind: "bare" }
  | {
      kind: "floor";
      work: FloorWork;
      definitions?: Definition[];
      userId?: string;
      /** Whether the floor answered correctly; by default it must answer Gatehouse's body. */
      answers?: (floorJson: any, gatehouseJson: any) => boolean;
    };

export interface BenchRequest {
  method: "GET" | "POST";
  /** Path and query string, the same for every server. */
  path: string;
  headers: Record<string, string>;
  /** JSON, for POST. */
  body?: unknown;
}

export interface BenchCase {
  name: string;
  /** What the case measures, for .bench/results.json. */
  description: string;
  request: BenchRequest;
  /** Whether Gatehouse answered correctly; by default any 200 does. */
  answers?: (gatehouseJson: any) => boolean;
  references: ReferenceSpec[];
}

export function benchCases(fixture: BenchFixture): BenchCase[] {
  // Client access: the publishable key and the signed-in user's access token.
  const headers = authHeaders({ ...fixture.client, accessToken: fixture.user.accessToken });
  const json = { "content-type": "application/json" };
  return [
    {
      name: "users/me",
      description: "GET /api/v1/users/me (client access, publishable key and access token)",
      request: { method: "GET", path: "/api/v1/users/me", headers },
      // The floor answers the raw row, not the wire shape: only its id is checked.
      references: [{ kind: "bare" }, { kind: "floor", work: "user", answers: (floor) => floor.id === fixture.user.userId }],
    },
    {
      name: "team-permissions",
      description:
        "GET /api/v1/team-permissions?team_id=<team>&user_id=me&recursive=true (client access): the signed-in user's " +
        "permissions in a team with four direct grants, expanded through 30 definitions six levels deep",
      request: { method: "GET", path: `/api/v1/team-permissions?team_id=${fixture.teamIds[0]}&user_id=me&recursive=true`, headers },
      references: [{ kind: "bare" }, { kind: "floor", work: "team-permissions", definitions: fixture.definitions }],
    },
    {
      name: "teams",
      description: `GET /api/v1/teams?user_id=me (client access): the signed-in user's ${fixture.teamIds.length} of the project's ${2 * fixture.teamIds.length} teams`,
      request: { method: "GET", path: "/api/v1/teams?user_id=me", headers },
      references: [{ kind: "bare" }, { kind: "floor", work: "teams" }],
    },
    {
      name: "refresh",
      description:
        "POST /api/v1/auth/sessions/current/refresh (client access, the session's refresh token): a new access token; " +
        "floor: one transaction of the same shape (use the session, mark the user active, read the user) + ES256 sign",
      request: {
        method: "POST",
        path: "/api/v1/auth/sessions/current/refresh",
        headers: { ...authHeaders({ ...fixture.client, refreshToken: fixture.user.refreshToken }), ...json },
        body: {},
      },
      answers: (answer) => typeof answer.access_token === "string",
      references: [{ kind: "floor", work: "refresh", answers: (floor) => typeof floor.access_token === "string" }],
    },
    {
      name: "password-sign-in",
      description:
        "POST /api/v1/auth/password/sign-in (client access), the right password: argon2id verify and a new session; " +
        "floor: argon2id verify alone with the same hash (the machine's ceiling); rate limits lifted by RATE_LIMIT_MULTIPLIER",
      request: {
        method: "POST",
        path: "/api/v1/auth/password/sign-in",
        headers: { ...authHeaders(fixture.client), ...json },
        body: { email: fixture.user.email, password: fixture.user.password },
      },
      answers: (answer) => answer.user_id === fixture.user.userId,
      references: [{ kind: "floor", work: "password", userId: fixture.user.userId, answers: (floor) => floor.user_id === fixture.user.userId }],
    },
    {
      name: "api-key-check",
      description: "POST /api/v1/user-api-keys/check (server access, secret server key) of a live user API key; floor: one indexed select",
      request: {
        method: "POST",
        path: "/api/v1/user-api-keys/check",
        headers: { ...authHeaders(fixture.server), ...json },
        body: { api_key: fixture.userApiKey.value },
      },
      answers: (answer) => answer.id === fixture.userApiKey.id,
      references: [{ kind: "floor", work: "api-key", answers: (floor) => floor.id === fixture.userApiKey.id }],
    },
    {
      name: "update-quantity",
      description:
        "POST /api/v1/payments/items/custom/<customer>/api_calls/update-quantity?allow_negative=false (server access), +1 to an item " +
        "a held product includes; floor: the same SQL statements in one transaction on a bare pg.Pool (the customer's grants, the " +
        "item's advisory lock, the sum of its unexpired changes with the conditional insert), no key check. Every request adds a " +
        "ledger row, to separate customers for Gatehouse and the floor",
      request: {
        method: "POST",
        path: `/api/v1/payments/items/custom/${fixture.meteredCustomerId}/api_calls/update-quantity?allow_negative=false`,
        headers: { ...authHeaders(fixture.server), ...json },
        body: { delta: 1 },
      },
      answers: (answer) => JSON.stringify(answer) === "{}",
      references: [{ kind: "floor", work: "update-quantity", answers: (floor) => typeof floor.quantity === "number" }],
    },
  ];
}
