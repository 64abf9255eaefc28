/**
 * Property tests of permission containment. Random definition graphs, with ids drawn from the
 * id rule the routes enforce, are checked against a deliberately naive reference: expansion is a
 * fixed point over the edge list, a cycle is a DFS that comes back to a grey node. Expansion is
 * pure (a rendered config in, sets out); the cycle check is private to the definition writes, so
 * it is exercised through createDefinition / updateDefinition on the test database.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionScope } from "../../db/queries/permission-grants";
import { KnownError } from "../../errors";
import { createProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { defaultProjectConfig, type ProjectConfig } from "../project-config/document";
import { expandIds, expansionOf, isSystemPermission, TEAM_SYSTEM_PERMISSIONS } from "./check";
import { createDefinition, deleteDefinition, listDefinitions, updateDefinition } from "./definitions";

/** Custom definitions in creation order: every child is a system id or an earlier node. */
interface Dag {
  scope: PermissionScope;
  nodes: { id: string; contained: string[] }[];
  /** Unused ids that satisfy the id rule: other-scope definitions, unknown grants, rename targets. */
  spare: string[];
}

type Edges = Map<string, string[]>;

/**
 * Ids the id rule admits, including names of Object.prototype members, which once read as existing
 * definitions. `__proto__` matches the pattern but is reserved; fast-check favours it, so it is filtered.
 */
const customId = fc.oneof(
  { weight: 9, arbitrary: fc.stringMatching(/^[a-z0-9_:]{1,10}$/).filter((id) => id !== "__proto__") },
  { weight: 1, arbitrary: fc.constantFrom("constructor", "hasownproperty", "valueof", "tostring", "prototype") },
);
const systemIds = (scope: PermissionScope): string[] => (scope === "team" ? [...TEAM_SYSTEM_PERMISSIONS] : []);
const someOf = (ids: string[], most = 4, least = 0) =>
  fc.shuffledSubarray(ids, { minLength: Math.min(least, ids.length), maxLength: Math.min(most, ids.length) });

const dagArb: fc.Arbitrary<Dag> = fc
  .tuple(fc.constantFrom<PermissionScope>("team", "project"), fc.uniqueArray(customId, { minLength: 4, maxLength: 12 }), fc.boolean())
  .chain(([scope, ids, deep]) => {
    const spare = ids.slice(0, 3);
    const own = ids.slice(3);
    // At most one system id per node; in a deep graph every node but the first contains an earlier one.
    const children = own.map((_, i) => fc.tuple(someOf(own.slice(0, i), 4, deep ? 1 : 0), someOf(systemIds(scope), 1)));
    return fc.tuple(...children).map((lists) => ({ scope, spare, nodes: own.map((id, i) => ({ id, contained: lists[i]!.flat() })) }));
  });

const edgesOf = (dag: Dag): Edges => new Map([...systemIds(dag.scope).map((id): [string, string[]] => [id, []]), ...dag.nodes.map((n): [string, string[]] => [n.id, n.contained])]);

/** Naive reference: grow the set until no edge out of it adds anything. */
function referenceExpand(edges: Edges, grants: Iterable<string>): Set<string> {
  const result = new Set([...grants].filter((id) => edges.has(id)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, children] of edges) {
      if (!result.has(id)) continue;
      for (const child of children) {
        if (edges.has(child) && !result.has(child)) {
          result.add(child);
          changed = true;
        }
      }
    }
  }
  return result;
}

function referenceHasCycle(edges: Edges): boolean {
  const state = new Map<string, "grey" | "black">();
  const visit = (id: string): boolean => {
    if (state.get(id) === "grey") return true;
    if (state.get(id) === "black") return false;
    state.set(id, "grey");
    if ((edges.get(id) ?? []).some(visit)) return true;
    state.set(id, "black");
    return false;
  };
  return [...edges.keys()].some(visit);
}

/** For each id that reaches `target`, its shortest distance to it (0 for the target itself). */
function distancesTo(edges: Edges, target: string): Map<string, number> {
  const distances = new Map([[target, 0]]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, children] of edges) {
      for (const child of children) {
        const below = distances.get(child);
        const current = distances.get(id);
        if (below !== undefined && (current === undefined || current > below + 1)) {
          distances.set(id, below + 1);
          changed = true;
        }
      }
    }
  }
  return distances;
}

/** The config as rendering would hold it; `foreign` ids become definitions of the other scope. */
function configOf(dag: Dag, order: Dag["nodes"], foreign: string[] = []): ProjectConfig {
  const config = defaultProjectConfig();
  const other: PermissionScope = dag.scope === "team" ? "project" : "team";
  config.rbac.permissions = Object.fromEntries([
    ...order.map((n) => [n.id, { scope: dag.scope, containedPermissionIds: Object.fromEntries(n.contained.map((c) => [c, true as const])) }]),
    ...foreign.map((id) => [id, { scope: other }]),
  ]);
  return config;
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

/** A DAG, its definitions written in a random order, two nested grant sets over every kind of id. */
const scenarioArb = dagArb.chain((dag) => {
  const candidates = [...systemIds(dag.scope), ...dag.nodes.map((n) => n.id), ...dag.spare];
  return fc.record({
    dag: fc.constant(dag),
    order: fc.shuffledSubarray(dag.nodes, { minLength: dag.nodes.length }),
    foreign: fc.subarray(dag.spare),
    nested: fc.shuffledSubarray(candidates).chain((big) => fc.tuple(fc.subarray(big), fc.constant(big))),
  });
});

const RUNS = 200;

describe("permission expansion on random acyclic graphs", () => {
  it("equals the naive fixed point, for every grant set and for every defined id", () => {
    fc.assert(
      fc.property(scenarioArb, ({ dag, order, foreign, nested: [grants] }) => {
        const config = configOf(dag, order, foreign);
        const edges = edgesOf(dag);
        const expanded = [...expandIds(config, dag.scope, grants)];
        expect(expanded.length).toBe(new Set(expanded).size);
        expect(sorted(expanded)).toEqual(sorted(referenceExpand(edges, grants)));
        const expansion = expansionOf(config, dag.scope);
        expect(sorted(expansion.keys())).toEqual(sorted(edges.keys()));
        for (const id of edges.keys()) expect(sorted(expansion.get(id)!)).toEqual(sorted(referenceExpand(edges, [id])));
      }),
      { numRuns: RUNS },
    );
  });

  it("is monotone and idempotent, and keeps every defined grant", () => {
    fc.assert(
      fc.property(scenarioArb, ({ dag, order, foreign, nested: [small, big] }) => {
        const config = configOf(dag, order, foreign);
        const ofSmall = expandIds(config, dag.scope, small);
        const ofBig = expandIds(config, dag.scope, big);
        for (const id of ofSmall) expect(ofBig).toContain(id);
        expect(sorted(expandIds(config, dag.scope, ofBig))).toEqual(sorted(ofBig));
        for (const id of small) expect(ofSmall.has(id)).toBe(edgesOf(dag).has(id));
      }),
      { numRuns: RUNS },
    );
  });

  it("follows a changed graph in a new config object, leaving the old one's cached expansion as it was", () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), ({ dag, order }, pick) => {
        const before = configOf(dag, order);
        const beforeExpansion = sorted(expandIds(before, dag.scope, dag.nodes.map((n) => n.id)).values());
        // Dropping one node's containment is always acyclic; the changed node no longer grants its children.
        const target = dag.nodes[pick % dag.nodes.length]!;
        const changed: Dag = { ...dag, nodes: dag.nodes.map((n) => (n === target ? { id: n.id, contained: [] } : n)) };
        const after = configOf(changed, changed.nodes);
        expect(sorted(expandIds(after, dag.scope, [target.id]))).toEqual([target.id]);
        for (const id of edgesOf(changed).keys()) expect(sorted(expansionOf(after, dag.scope).get(id)!)).toEqual(sorted(referenceExpand(edgesOf(changed), [id])));
        expect(sorted(expandIds(before, dag.scope, [target.id]))).toEqual(sorted(referenceExpand(edgesOf(dag), [target.id])));
        expect(sorted(expandIds(before, dag.scope, dag.nodes.map((n) => n.id)).values())).toEqual(beforeExpansion);
      }),
      { numRuns: RUNS },
    );
  });
});

const app = useSharedTestApp();
let t: TestApp;
let projectId: string;

beforeAll(async () => {
  t = app();
  projectId = (await createProjectFixture(t)).projectId;
  // Start from no custom definitions (a new project has starter ones): the generated graphs are the whole graph.
  for (const { id } of listDefinitions(await t.deps.tenancies.load(projectId), "team")) {
    if (!isSystemPermission(id)) await deleteDefinition(t.deps, await t.deps.tenancies.load(projectId), "team", id);
  }
});

/** An update of one node: new containment, possibly with a planted cycle, possibly renaming it. */
const writeArb = dagArb.chain((dag) => {
  const defined = [...systemIds(dag.scope), ...dag.nodes.map((n) => n.id)];
  return fc.record({
    dag: fc.constant(dag),
    // The first node is the one most others reach, so its planted cycles are the longest.
    node: fc.oneof(fc.constant(0), fc.nat({ max: dag.nodes.length - 1 })),
    contained: someOf(defined),
    plant: fc.option(fc.nat({ max: 2 }), { freq: 2 }),
    rename: fc.boolean(),
  });
});

async function storedEdges(scope: PermissionScope): Promise<Edges> {
  const tenancy = await t.deps.tenancies.load(projectId);
  const result: Edges = new Map(systemIds(scope).map((id) => [id, []]));
  for (const [id, def] of Object.entries(tenancy.config.rbac.permissions)) {
    if ((def.scope ?? "team") === scope) result.set(id, Object.keys(def.containedPermissionIds ?? {}));
  }
  return result;
}

describe("the acyclicity check on definition writes", () => {
  it("accepts every acyclic graph and refuses exactly the updates that would close a cycle", async () => {
    await fc.assert(
      fc.asyncProperty(writeArb, async ({ dag, node, contained, plant, rename }) => {
        const { scope } = dag;
        const u = dag.nodes[node]!.id;
        const newId = rename ? dag.spare[0]! : u;
        try {
          for (const n of dag.nodes) {
            await createDefinition(t.deps, await t.deps.tenancies.load(projectId), scope, { id: n.id, containedPermissionIds: n.contained });
          }
          const edges = await storedEdges(scope);
          expect(sorted(edges.keys())).toEqual(sorted(edgesOf(dag).keys()));
          const config = (await t.deps.tenancies.load(projectId)).config;
          for (const id of edges.keys()) expect(sorted(expandIds(config, scope, [id]))).toEqual(sorted(referenceExpand(edgesOf(dag), [id])));

          // Plant a cycle: one more child that already reaches u, most often the farthest one.
          const reachers = [...distancesTo(edges, u)].sort((a, b) => b[1] - a[1]).map(([id]) => id);
          const proposal = [...new Set(plant === null ? contained : [...contained, reachers[plant % reachers.length]!])];
          const swap = (id: string) => (id === u ? newId : id);
          const proposed: Edges = new Map([...edges].filter(([id]) => id !== u).map(([id, cs]): [string, string[]] => [id, cs.map(swap)]));
          proposed.set(newId, proposal.map(swap));
          const cyclic = referenceHasCycle(proposed);
          if (plant !== null) expect(cyclic).toBe(true);

          const write = updateDefinition(t.deps, await t.deps.tenancies.load(projectId), scope, u, { id: newId, containedPermissionIds: proposal });
          if (cyclic) {
            await expect(write).rejects.toSatisfy((e) => e instanceof KnownError && e.code === "SCHEMA_ERROR" && /cycle/.test(e.message));
            expect(await storedEdges(scope)).toEqual(edges);
          } else {
            await write;
            const after = await storedEdges(scope);
            expect(sorted(after.keys())).toEqual(sorted(proposed.keys()));
            for (const [id, cs] of proposed) expect(sorted(after.get(id)!)).toEqual(sorted(cs));
            const renewed = (await t.deps.tenancies.load(projectId)).config;
            for (const id of proposed.keys()) expect(sorted(expandIds(renewed, scope, [id]))).toEqual(sorted(referenceExpand(proposed, [id])));
          }
        } finally {
          // Ids that were never written, or were renamed away, are simply not found.
          for (const id of [...dag.nodes.map((n) => n.id), newId].reverse()) {
            await deleteDefinition(t.deps, await t.deps.tenancies.load(projectId), scope, id).catch(() => undefined);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
