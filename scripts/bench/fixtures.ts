/**
 * The data a bench run measures against, created over the real HTTP API of the started
 * Gatehouse: the admin bootstrap (an owner, a project and its keys, a user signed up in it,
 * server/src/testing/fixtures.ts), then what the teams cases need:
 *
 *   - a graph of 30 team permission definitions in six levels (10 leaves, then 8, 6, 3, 2
 *     and one root); each definition above the leaves contains two or three of the level
 *     below, and level 1 also contains system permissions, so containment chains are six
 *     deep and the root expands to every id;
 *   - 10 teams the user created, each with a second member (a colleague), and 10 teams of
 *     the colleague alone, so both lists have rows to filter out;
 *   - in every team of the user a few direct grants: the first team the root plus three
 *     overlapping lower ids (the expansion must deduplicate), the others a mid-level id
 *     each; the colleague holds a grant of their own in each shared team;
 *   - user API keys switched on, and one live key of the user, for the API-key check case;
 *   - the test payments catalog (server/src/testing/payments-catalog.ts) and a custom customer
 *     holding its `custom_quota` product, whose `api_calls` item the update-quantity case meters.
 */
import { declareTestCatalog } from "../../server/src/testing/payments-catalog";
import { callUntyped, createProjectFixture, signUpUser, uniqueEmail, WITHOUT_STARTER_GRANTS, type Credentials, type ProjectFixture } from "../../server/src/testing/fixtures";

export interface BenchFixture extends ProjectFixture {
  /** The user's teams, oldest first; the team-permissions case reads the first. */
  teamIds: string[];
  /** The team permission definitions as Gatehouse lists them to an admin. */
  definitions: Array<{ id: string; contained_permission_ids: string[] }>;
  /** A live API key of the user, in full. */
  userApiKey: { id: string; value: string };
  /** A custom customer holding a product that includes the `api_calls` item. */
  meteredCustomerId: string;
}

type Request = (path: string, init?: RequestInit) => Promise<Response>;

const LEVEL_SIZES = [10, 8, 6, 3, 2, 1];
const TEAMS_PER_USER = 10;
const definitionId = (level: number, index: number) => `bench:l${level}:${index}`;
const ROOT_ID = definitionId(LEVEL_SIZES.length - 1, 0);

async function expect(
  t: { request: Request },
  status: number,
  method: string,
  path: string,
  creds: Credentials,
  body?: unknown,
): Promise<any> {
  const response = await callUntyped(t, method, path, { creds, body });
  if (response.status !== status) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
  return response.json;
}

/** The definitions bottom-up (contained ids exist before they are named), level by level. */
function definitionGraph(): Array<{ id: string; description: string; contained_permission_ids: string[] }> {
  const graph = [];
  for (const [level, size] of LEVEL_SIZES.entries()) {
    const below = LEVEL_SIZES[level - 1] ?? 0;
    for (let index = 0; index < size; index++) {
      const contained: string[] = [];
      // Two or three of the level below, overlapping with the neighbours; together all of it.
      const span = Math.max(2, Math.ceil(below / size)) + (index % 2);
      for (let k = 0; k < Math.min(span, below); k++) contained.push(definitionId(level - 1, (index * Math.ceil(below / size) + k) % below));
      if (level === 1) contained.push(index % 2 === 0 ? "$read_members" : "$invite_members");
      graph.push({ id: definitionId(level, index), description: `bench level ${level} #${index}`, contained_permission_ids: [...new Set(contained)] });
    }
  }
  return graph;
}

export async function createBenchFixture(request: Request): Promise<BenchFixture> {
  const t = { request };
  // No starter grants: the direct grants below are the user's whole set.
  const fixture = await createProjectFixture(t, { config: { ...WITHOUT_STARTER_GRANTS, allow_user_api_keys: true } });
  const { admin, server, user } = fixture;
  const colleague = await signUpUser(t, fixture.client, { email: uniqueEmail("colleague") });

  for (const definition of definitionGraph()) await expect(t, 201, "POST", "/team-permission-definitions", admin, definition);
  const definitions = (await expect(t, 200, "GET", "/team-permission-definitions", admin)).items;

  const grant = (teamId: string, userId: string, permissionId: string) =>
    expect(t, 201, "POST", `/team-permissions/${teamId}/${userId}/${encodeURIComponent(permissionId)}`, server, {});
  const teamIds: string[] = [];
  for (let i = 0; i < TEAMS_PER_USER; i++) {
    const team = await expect(t, 201, "POST", "/teams", server, { display_name: `Bench team ${i}`, creator_user_id: user.userId });
    teamIds.push(team.id);
    await expect(t, 201, "POST", `/team-memberships/${team.id}/${colleague.userId}`, server, {});
    await grant(team.id, colleague.userId, definitionId(2, i % LEVEL_SIZES[2]!));
    const direct = i === 0 ? [ROOT_ID, definitionId(3, 1), definitionId(1, 4), definitionId(0, 9)] : [definitionId(3, i % LEVEL_SIZES[3]!)];
    for (const permissionId of direct) await grant(team.id, user.userId, permissionId);

    await expect(t, 201, "POST", "/teams", server, { display_name: `Colleague team ${i}`, creator_user_id: colleague.userId });
  }
  const key = await expect(t, 201, "POST", "/user-api-keys", { ...fixture.client, accessToken: user.accessToken }, {
    description: "bench",
    expires_at_millis: null,
    user_id: "me",
  });
  await declareTestCatalog(t, fixture);
  const meteredCustomerId = "bench-metered";
  // The floor meters its own customer (references.ts), holding the same product.
  for (const customerId of [meteredCustomerId, `${meteredCustomerId}-floor`]) {
    await expect(t, 200, "POST", `/payments/products/custom/${customerId}`, server, { product_id: "custom_quota" });
  }
  return { ...fixture, teamIds, definitions, userApiKey: { id: key.id, value: key.value }, meteredCustomerId };
}
