// Wired to the generated purchase hooks once the purchases routes land (issue14/stripe).
import { GatehouseApiError } from "@gatehouse/clients/react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import type { OfferPrice } from "./price-format";

export interface PurchaseOffer {
  product: { display_name: string; customer_type: string; stackable: boolean; prices: Record<string, OfferPrice> };
  project_id: string;
  project_display_name: string;
  project_logo_url: string | null;
  already_bought_non_stackable: boolean;
  test_mode: boolean;
  charges_enabled: boolean;
}

export function codeProblemOf(error: unknown): "unknown" | "expired" | "used" | null {
  if (!(error instanceof GatehouseApiError)) return null;
  if (error.code === "VERIFICATION_CODE_NOT_FOUND") return "unknown";
  if (error.code === "VERIFICATION_CODE_EXPIRED") return "expired";
  if (error.code === "VERIFICATION_CODE_ALREADY_USED") return "used";
  return null;
}

export function usePurchaseOffer(_code: string, _returnUrl: string | undefined): PurchaseOffer {
  return useSuspenseQuery<PurchaseOffer>({ queryKey: ["todo"], queryFn: () => Promise.reject(new Error("not wired")) }).data;
}

export function useStartPurchase() {
  return useMutation({ mutationFn: async (_: { full_code: string; price_id: string; quantity: number; currency: string }) => ({ completed: false as boolean, url: null as string | null }) });
}
