/**
 * A project's Stripe Connect account (internal payments routes): created on first setup, then
 * onboarded through Stripe's hosted link; its state, the embedded dashboard widgets' session
 * and its payment method configuration are read from Stripe. A server without a platform key
 * has no Stripe at all: these answer STRIPE_ACCOUNT_INFO_NOT_FOUND, as for a project that
 * has not set payments up.
 */
import { findStripeAccountId, insertStripeAccount } from "../../db/queries/purchases";
import { KnownError } from "../../errors";
import type { PaymentMethodConfig, StripeAccountInfo, StripeGateway } from "../../integrations/stripe";
import type { ServiceDeps } from "../deps";

function gateway(deps: ServiceDeps): StripeGateway {
  if (!deps.stripe) throw new KnownError("STRIPE_ACCOUNT_INFO_NOT_FOUND");
  return deps.stripe;
}

/** The project's connected account; STRIPE_ACCOUNT_INFO_NOT_FOUND when it has none. */
export async function projectStripeAccount(deps: ServiceDeps, projectId: string): Promise<string> {
  const accountId = deps.stripe ? await findStripeAccountId(deps.db, projectId) : null;
  if (!accountId) throw new KnownError("STRIPE_ACCOUNT_INFO_NOT_FOUND");
  return accountId;
}

/** Creates the project's account if it has none, and answers Stripe's onboarding link for it. */
export async function setUpPayments(deps: ServiceDeps, projectId: string): Promise<{ url: string }> {
  const stripe = gateway(deps);
  let accountId = await findStripeAccountId(deps.db, projectId);
  if (!accountId) {
    const created = await stripe.createConnectedAccount(projectId);
    // Of two setups racing, the first account stored is the project's.
    accountId = await insertStripeAccount(deps.db, projectId, created.id);
  }
  const paymentsPage = `${deps.settings.publicWebUrl}/dashboard/projects/${encodeURIComponent(projectId)}/payments`;
  return stripe.createAccountLink(accountId, { refreshUrl: paymentsPage, returnUrl: paymentsPage });
}

export async function getStripeAccountInfo(deps: ServiceDeps, projectId: string): Promise<StripeAccountInfo> {
  return gateway(deps).retrieveAccount(await projectStripeAccount(deps, projectId));
}

export async function createAccountSession(deps: ServiceDeps, projectId: string): Promise<{ clientSecret: string }> {
  return gateway(deps).createAccountSession(await projectStripeAccount(deps, projectId));
}

export async function getPaymentMethodConfig(deps: ServiceDeps, projectId: string): Promise<PaymentMethodConfig> {
  const config = await gateway(deps).getPaymentMethodConfig(await projectStripeAccount(deps, projectId));
  if (!config) throw new KnownError("STRIPE_ACCOUNT_INFO_NOT_FOUND");
  return config;
}

export async function updatePaymentMethodConfig(deps: ServiceDeps, projectId: string, configId: string, updates: Record<string, "on" | "off">): Promise<void> {
  await gateway(deps).updatePaymentMethodConfig(await projectStripeAccount(deps, projectId), configId, updates);
}
