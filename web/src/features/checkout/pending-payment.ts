/**
 * A card payment started on the checkout page and not yet confirmed. purchase-session spends the
 * purchase link, so what the page needs to show the payment form again (after a reload, or back
 * from Stripe with a declined card) and to thank the buyer afterwards is kept for the tab.
 */
export interface PendingPayment {
  clientSecret: string;
  productName: string;
  projectName: string;
  /** The return URL the server accepted for this link, never one read from the address. */
  returnUrl: string | null;
  total: string;
  publishableKey: string;
  stripeAccountId: string;
  stripeJsUrl: string;
}

const storageKey = (code: string) => `gatehouse:checkout:${code}`;
const FIELDS = ["clientSecret", "productName", "projectName", "total", "publishableKey", "stripeAccountId", "stripeJsUrl"] as const;

export function savePendingPayment(code: string, payment: PendingPayment): void {
  try {
    sessionStorage.setItem(storageKey(code), JSON.stringify(payment));
  } catch {
    // Storage refused (private mode, quota): the payment still works, only a reload loses it.
  }
}

export function readPendingPayment(code: string): PendingPayment | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(code)) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const record = value as Record<string, unknown>;
    if (!FIELDS.every((field) => typeof record[field] === "string")) return null;
    if (record.returnUrl !== null && typeof record.returnUrl !== "string") return null;
    return value as PendingPayment;
  } catch {
    return null;
  }
}

export function clearPendingPayment(code: string): void {
  try {
    sessionStorage.removeItem(storageKey(code));
  } catch {
    // Nothing to clear when storage is refused.
  }
}
