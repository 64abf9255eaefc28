import { describe, expect, it } from "vitest";
import { migrateLegacyKeys } from "./legacy-keys";
import { expandDottedKeys } from "./render";

describe("payments keys under their former names", () => {
  it("reads offers as products and groups or catalogs as product lines typed by their products", () => {
    const migrated = migrateLegacyKeys("environment", {
      payments: {
        groups: { grp: { displayName: "Group" } },
        offers: { a: { customerType: "team", groupId: "grp", prices: "include-by-default" } },
      },
    });
    expect(expandDottedKeys(migrated)).toEqual({
      payments: {
        productLines: { grp: { displayName: "Group", customerType: "team" } },
        products: { a: { customerType: "team", productLineId: "grp", prices: "include-by-default" } },
      },
    });
  });

  it("migrates dotted keys in place, so a PATCH still replaces what it named", () => {
    const migrated = migrateLegacyKeys("environment", {
      "payments.catalogs.plans": { displayName: "Plans" },
      "payments.products.pro": { customerType: "user", catalogId: "plans" },
      "payments.products.basic.catalogId": "plans",
    });
    expect(Object.keys(migrated)).toEqual([
      "payments.productLines.plans",
      "payments.products.pro",
      "payments.products.basic.productLineId",
      "payments.productLines.plans.customerType",
    ]);
    expect(migrated["payments.products.pro"]).toEqual({ customerType: "user", productLineId: "plans" });
    expect(migrated["payments.productLines.plans.customerType"]).toBe("user");
  });

  it("drops a former catalog no product of the override is in, and keys Stack Auth retired", () => {
    const migrated = migrateLegacyKeys("environment", {
      payments: { catalogs: { empty: { displayName: "Nothing here" } }, stripeAccountId: "acct_1", items: { credits: { displayName: "Credits", default: 5 } } },
    });
    expect(expandDottedKeys(migrated)).toEqual({ payments: { productLines: {}, items: { credits: { displayName: "Credits" } } } });
  });

  it("leaves current names, product lines given as such, and other keys alone", () => {
    const current = {
      payments: { productLines: { line: { displayName: "Line" } }, products: { p: { productLineId: "line", customerType: "user" } } },
      auth: { allowSignUp: false },
      "teams.allowClientTeamCreation": true,
    };
    expect(migrateLegacyKeys("environment", current)).toEqual(current);
  });
});
