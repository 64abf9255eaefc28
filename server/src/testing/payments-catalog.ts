/**
 * A payments catalog for tests: items of each customer type and products exercising
 * product lines, add-ons, stackable, server-only and include-by-default products (teams hold
 * `team_free` until they hold `team_plan`), repeats and expiries.
 */
import { call, type ProjectFixture } from "./fixtures";
import type { TestApp } from "./test-server";

export const TEST_CATALOG = {
  "payments.productLines": { plans: { displayName: "Plans", customerType: "user" }, team_plans: { displayName: "Team plans", customerType: "team" } },
  "payments.items": {
    credits: { displayName: "Credits", customerType: "user" },
    seats: { displayName: "Seats", customerType: "team" },
    api_calls: { displayName: "API calls", customerType: "custom" },
  },
  "payments.products": {
    basic: {
      displayName: "Basic",
      customerType: "user",
      productLineId: "plans",
      prices: { monthly: { USD: "5", interval: [1, "month"] } },
      includedItems: { credits: { quantity: 10, repeat: "never", expires: "when-purchase-expires" } },
    },
    pro: {
      displayName: "Pro",
      customerType: "user",
      productLineId: "plans",
      prices: { monthly: { USD: "20", interval: [1, "month"] }, yearly: { USD: "200", interval: [1, "year"] } },
      includedItems: { credits: { quantity: 100, repeat: [1, "month"], expires: "when-repeated" } },
    },
    pro_addon: {
      displayName: "Pro add-on",
      customerType: "user",
      isAddOnTo: { pro: true },
      prices: { monthly: { USD: "2", interval: [1, "month"] } },
      includedItems: { credits: { quantity: 5, expires: "when-purchase-expires" } },
    },
    credit_pack: {
      displayName: "Credit pack",
      customerType: "user",
      stackable: true,
      prices: { once: { USD: "5.50", EUR: "5" } },
      includedItems: { credits: { quantity: 50, expires: "never" } },
    },
    internal_bonus: {
      displayName: "Internal bonus",
      customerType: "user",
      serverOnly: true,
      prices: { once: { USD: "0" } },
      includedItems: { credits: { quantity: 7 } },
    },
    team_free: {
      displayName: "Team free",
      customerType: "team",
      productLineId: "team_plans",
      prices: "include-by-default",
      includedItems: { seats: { quantity: 1 } },
    },
    team_plan: {
      displayName: "Team plan",
      customerType: "team",
      productLineId: "team_plans",
      prices: { monthly: { USD: "50", interval: [1, "month"] } },
      includedItems: { seats: { quantity: 5, expires: "when-purchase-expires" } },
    },
    custom_quota: {
      displayName: "Custom quota",
      customerType: "custom",
      prices: { once: { JPY: "500" } },
      includedItems: { api_calls: { quantity: 1000 } },
    },
  },
};

/** Declares TEST_CATALOG in the project's environment config. */
export async function declareTestCatalog(t: Pick<TestApp, "request">, project: ProjectFixture): Promise<void> {
  const res = await call(t, "PATCH", "/internal/config/override/environment", {
    creds: project.admin,
    body: { config_override_string: JSON.stringify(TEST_CATALOG) },
  });
  if (res.status !== 200) throw new Error(`catalog declaration failed: ${res.status} ${res.text}`);
}
