/**
 * The catalog the purchase and Stripe tests buy from, as config override keys (with a trusted
 * domain for return URLs).
 */
export const PURCHASE_CATALOG = {
  "payments.items.credits": { displayName: "Credits", customerType: "user" },
  "payments.products.pro": { displayName: "Pro", customerType: "user", prices: { monthly: { USD: "10", interval: [1, "month"] }, hidden: { USD: "1", serverOnly: true } } },
  "payments.products.pack": { displayName: "Credit pack", customerType: "user", stackable: true, prices: { once: { USD: "4.99", EUR: "4.50" } }, includedItems: { credits: { quantity: 100 } } },
  "payments.products.internal": { displayName: "Internal", customerType: "user", serverOnly: true, prices: { once: { USD: "1" } } },
  "payments.products.team-plan": { displayName: "Team plan", customerType: "team", prices: { yearly: { USD: "100", interval: [1, "year"] } } },
  "domains.trustedDomains.app": { baseUrl: "https://app.example.com", handlerPath: "/handler" },
};

