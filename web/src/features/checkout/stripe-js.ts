import type { Stripe, StripeConstructor } from "@stripe/stripe-js";

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | null = null;

/**
 * Loads Stripe.js from `url` (the server's STRIPE_JS_URL: Stripe's own address, or a stand-in in
 * tests) once per page. Stripe asks that Stripe.js always come from its servers rather than a
 * bundle, which is why it is a script tag and not an import.
 */
export function loadStripeJs(url: string): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe's payment form did not start.")));
    script.onerror = () => reject(new Error("Stripe's payment form could not be loaded. Check your connection and try again."));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A failed load may be retried (the network comes back); a new script tag is needed for that.
    loading = null;
    throw error;
  });
  return loading;
}

/** Stripe.js for the project's connected account: its payments are made on that account, not the platform's. */
export async function stripeForAccount(url: string, publishableKey: string, accountId: string): Promise<Stripe> {
  const Stripe = await loadStripeJs(url);
  return Stripe(publishableKey, { stripeAccount: accountId });
}
