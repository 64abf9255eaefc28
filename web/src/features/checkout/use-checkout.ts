import { api, GatehouseApiError } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export type PurchaseOffer = api.PurchaseOffer;

/** The purchase link's problem, when the server said the code cannot be used. */
export function codeProblemOf(error: unknown): "unknown" | "expired" | "used" | null {
  if (!(error instanceof GatehouseApiError)) return null;
  if (error.code === "VERIFICATION_CODE_NOT_FOUND") return "unknown";
  if (error.code === "VERIFICATION_CODE_EXPIRED") return "expired";
  if (error.code === "VERIFICATION_CODE_ALREADY_USED") return "used";
  return null;
}

/**
 * What the link offers (`POST /payments/purchases/validate-code`, public): the project, the
 * product and the prices to choose from. Reading does not use the code up, so it is a read here,
 * kept under the code (and the return URL, which the server checks is trusted).
 */
export function usePurchaseOffer(code: string, returnUrl: string | undefined): PurchaseOffer {
  const { data } = useSuspenseQuery({
    queryKey: [api.getValidatePurchaseCodeUrl(), code, returnUrl ?? null],
    queryFn: ({ signal }) => api.validatePurchaseCode({ full_code: code, include_page_details: true, ...(returnUrl ? { return_url: returnUrl } : {}) }, { signal }),
    // The offer does not change while the page is open; reading again on focus would only add load.
    staleTime: Infinity,
    retry: false,
  });
  return data;
}

/**
 * Buys in test mode (`POST /payments/purchases/complete-test-purchase`): the purchase completes
 * at once, without a payment.
 */
export function useTestPurchase() {
  return api.useCompleteTestPurchase();
}

/**
 * Starts a live purchase (`POST /payments/purchases/purchase-session`): the payment at Stripe, and
 * its client secret for Stripe.js's payment element. It spends the link.
 */
export function usePurchaseSession() {
  return api.useCreatePurchaseSession();
}
