/**
 * The one place Stripe's failures become ours: every call of the gateway goes through
 * `guardStripeGateway` (create-deps.ts), so a Stripe that cannot be reached (connection
 * refused, timeout) or fails on its side (5xx, rate limit, API error, a platform key it no
 * longer accepts) answers PAYMENT_PROVIDER_UNAVAILABLE (503) instead of a 500. Stripe's
 * answers about the request itself (invalid request, card errors) pass through unchanged,
 * for the caller to read. Callers call Stripe before they write, or give back what they
 * wrote when the call fails, so the 503 leaves our database as it was.
 */
import Stripe from "stripe";
import { KnownError } from "../../errors";
import type { StripeGateway } from "../../integrations/stripe";
import type { Logger } from "../../logger";

/** Whether a Stripe failure is the provider's (or the network's), not the request's. */
export function isProviderFailure(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeIdempotencyError) {
    return (error.statusCode ?? 0) >= 500;
  }
  return true;
}

export function guardStripeGateway(gateway: StripeGateway | null, log?: Logger): StripeGateway | null {
  if (!gateway) return null;
  const guarded = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(gateway) as Array<[string, (...args: unknown[]) => unknown]>) {
    if (name === "verifyWebhook") {
      guarded[name] = call.bind(gateway);
      continue;
    }
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await call.apply(gateway, args);
      } catch (error) {
        if (!isProviderFailure(error)) throw error;
        const e = error as Stripe.errors.StripeError;
        log?.warn("stripe: call failed on the provider's side", { call: name, type: e.type, status: e.statusCode ?? null, requestId: e.requestId ?? null });
        throw new KnownError("PAYMENT_PROVIDER_UNAVAILABLE");
      }
    };
  }
  return guarded as unknown as StripeGateway;
}
