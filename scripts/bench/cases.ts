/**
 * The requests `npm run bench` measures, as data: each case is one GET with its headers and
 * the references (scripts/bench/references.ts) it is compared with in the same run. run.ts
 * gives every reference its port and path, and the bare one the body Gatehouse answered.
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
      /** Whether the floor answered correctly; by default it must answer Gatehouse's body. */
      answers?: (floorJson: any, gatehouseJson: any) => boolean;
    };

export interface BenchCase {
  name: string;
  /** Path and query string, the same for every server. */
  path: string;
  /** What the case measures, for .bench/results.json. */
  description: string;
  headers: Record<string, string>;
  references: ReferenceSpec[];
}

export function benchCases(fixture: BenchFixture): BenchCase[] {
  // Client access: the publishable key and the signed-in user's access token.
  const headers = authHeaders({ ...fixture.client, accessToken: fixture.user.accessToken });
  return [
    {
      name: "users/me",
      path: "/api/v1/users/me",
      description: "GET /api/v1/users/me (client access, publishable key and access token)",
      headers,
      // The floor answers the raw row, not the wire shape: only its id is checked.
      references: [{ kind: "bare" }, { kind: "floor", work: "user", answers: (floor) => floor.id === fixture.user.userId }],
    },
    {
      name: "team-permissions",
      path: `/api/v1/team-permissions?team_id=${fixture.teamIds[0]}&user_id=me&recursive=true`,
      description:
        "GET /api/v1/team-permissions?team_id=<team>&user_id=me&recursive=true (client access): the signed-in user's " +
        "permissions in a team with four direct grants, expanded through 30 definitions six levels deep",
      headers,
      references: [{ kind: "bare" }, { kind: "floor", work: "team-permissions", definitions: fixture.definitions }],
    },
    {
      name: "teams",
      path: "/api/v1/teams?user_id=me",
      description: `GET /api/v1/teams?user_id=me (client access): the signed-in user's ${fixture.teamIds.length} of the project's ${2 * fixture.teamIds.length} teams`,
      headers,
      references: [{ kind: "bare" }, { kind: "floor", work: "teams" }],
    },
  ];
}
