/**
 * Property test of the items ledger: random sequences of quantity changes (some expiring),
 * spending with and without `allow_negative`, grants of a product whose included item repeats
 * daily under each expiry rule, cancellations and clock moves, run through the services on
 * the test database with a controlled clock, against a deliberately simple model kept in
 * milliseconds (a daily repeat is every 86,400,000 ms in UTC).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Tenant } from "../../db/queries/tenant";
import { KnownError } from "../../errors";
import { createProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import type { PaymentsConfig, ProductConfig } from "../project-config/document";
import { endGrant, grantProduct } from "./grants";
import { changeItemQuantity, getItem } from "./items";

const DAY = 86_400_000;
const RUNS = 25;

const app = useSharedTestApp();
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = app();
  tenant = { projectId: (await createProjectFixture(t)).projectId, branchId: "main" };
});

const payments: PaymentsConfig = { blockNewPurchases: false, testMode: true, productLines: {}, items: { tokens: { displayName: "Tokens", customerType: "custom" } }, products: {} };
type Expiry = "never" | "when-purchase-expires" | "when-repeated";
const productWith = (expires: Expiry, each: number): ProductConfig => ({
  displayName: `Daily ${expires}`,
  customerType: "custom",
  stackable: true,
  includedItems: { tokens: { quantity: each, repeat: [1, "day"], expires } },
});

type Op =
  | { kind: "change"; delta: number; expiresInMs: number | null; allowNegative: boolean }
  | { kind: "grant"; expires: Expiry; each: number; quantity: number }
  | { kind: "cancel"; index: number }
  | { kind: "advance"; ms: number }
  /** To the instant the next change expires: it stops counting exactly then. */
  | { kind: "toExpiry" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("change" as const), delta: fc.integer({ min: -40, max: 40 }), expiresInMs: fc.option(fc.integer({ min: 1, max: 5 * DAY })), allowNegative: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("grant" as const), expires: fc.constantFrom<Expiry>("never", "when-purchase-expires", "when-repeated"), each: fc.integer({ min: 1, max: 20 }), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "toExpiry" as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), ms: fc.oneof(fc.integer({ min: 1, max: DAY / 2 }), fc.integer({ min: DAY - 5, max: 3 * DAY })) }) },
);

interface ModelGrant {
  id: string;
  expires: Expiry;
  each: number;
  start: number;
  end: number | null;
}

/** How many daily grants happened in [start, until]. */
const occurrences = (start: number, until: number) => (until < start ? 0 : 1 + Math.floor((until - start) / DAY));

function modelQuantity(changes: { delta: number; expiresAt: number | null }[], grants: ModelGrant[], now: number): number {
  let total = changes.filter((c) => c.expiresAt === null || c.expiresAt > now).reduce((s, c) => s + c.delta, 0);
  for (const g of grants) {
    const held = g.end === null;
    if (g.expires === "never") total += g.each * occurrences(g.start, g.end === null ? now : g.end - 1);
    else if (held) total += g.expires === "when-repeated" ? g.each : g.each * occurrences(g.start, now);
  }
  return total;
}

describe("items ledger against a model", () => {
  it("answers the model's quantity after every step, and refuses exactly the spending the model refuses", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        const customer = { type: "custom" as const, id: `model-${Date.now()}-${run++}` };
        let now = Date.UTC(2030, 0, 31, 12);
        const changes: { delta: number; expiresAt: number | null }[] = [];
        const grants: ModelGrant[] = [];
        for (const op of ops) {
          if (op.kind === "advance") now += op.ms;
          else if (op.kind === "toExpiry") {
            const next = changes.map((c) => c.expiresAt).filter((at): at is number => at !== null && at > now);
            if (next.length > 0) now = Math.min(...next);
          }
          else if (op.kind === "change") {
            const before = modelQuantity(changes, grants, now);
            const refused = op.delta < 0 && before + op.delta < 0 && !op.allowNegative;
            const expiresAt = op.expiresInMs === null ? null : now + op.expiresInMs;
            const outcome = await changeItemQuantity(t.db, tenant, payments, customer, "tokens", { delta: op.delta, expiresAt: expiresAt === null ? null : new Date(expiresAt), allowNegative: op.allowNegative }, new Date(now)).then(
              (after) => ({ after }),
              (error: unknown) => ({ error }),
            );
            if (refused) {
              expect("error" in outcome && outcome.error instanceof KnownError && outcome.error.code).toBe("ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
            } else {
              expect(outcome).toEqual({ after: before + op.delta });
              changes.push({ delta: op.delta, expiresAt });
            }
          } else if (op.kind === "grant") {
            const { grant } = await t.db.transaction((tx) =>
              grantProduct(tx, tenant, customer, { productId: null, product: productWith(op.expires, op.each), quantity: op.quantity, source: "api_grant", now: new Date(now) }),
            );
            grants.push({ id: grant.id, expires: op.expires, each: op.each * op.quantity, start: now, end: null });
          } else {
            const open = grants.filter((g) => g.end === null);
            const target = open[op.index % Math.max(open.length, 1)];
            if (!target) continue;
            await t.db.transaction((tx) => endGrant(tx, tenant, target.id, { at: new Date(now) }));
            target.end = now;
          }
          const read = await getItem(t.db, tenant, payments, customer, "tokens", new Date(now));
          expect(read.quantity).toBe(modelQuantity(changes, grants, now));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
