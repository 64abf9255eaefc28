/**
 * Stripe Connect through the official SDK, behind the few calls payments make. The platform
 * key acts on each project's connected account (`stripeAccount`); STRIPE_API_BASE_URL points
 * the SDK somewhere else than api.stripe.com (the local stand-in in tests), so the same SDK
 * code runs in tests as in production. Without a platform key the gateway is absent
 * (`createStripeGateway` returns null) and payments work in test mode only.
 */
import Stripe from "stripe";

export interface StripeSettings {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  apiBaseUrl: string | undefined;
}

export interface StripeAccountInfo {
  accountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface CheckoutLineItem {
  name: string;
  currency: string;
  /** Per unit, in the currency's smallest unit. */
  unitAmount: number;
  quantity: number;
  /** Set for a subscription. */
  recurring?: { interval: "day" | "week" | "month" | "year"; intervalCount: number };
}

export interface CheckoutSessionRequest {
  lineItem: CheckoutLineItem;
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session and, for a subscription, onto the subscription: it names the purchase. */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
}

/** A subscription as Stripe has it now; the state webhooks reconcile to. */
export interface SubscriptionState {
  id: string;
  status: Stripe.Subscription.Status;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
}

/** The account's default payment method configuration: which methods checkout offers. */
export interface PaymentMethodConfig {
  configId: string;
  methods: Array<{ id: string; enabled: boolean; available: boolean; overridable: boolean }>;
}

export interface StripeGateway {
  createConnectedAccount(projectId: string): Promise<{ id: string }>;
  createAccountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<StripeAccountInfo>;
  createAccountSession(accountId: string): Promise<{ clientSecret: string }>;
  getPaymentMethodConfig(accountId: string): Promise<PaymentMethodConfig | null>;
  updatePaymentMethodConfig(accountId: string, configId: string, updates: Record<string, "on" | "off">): Promise<void>;
  createCheckoutSession(accountId: string, request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveSubscription(accountId: string, subscriptionId: string): Promise<SubscriptionState>;
  cancelSubscription(accountId: string, subscriptionId: string): Promise<SubscriptionState>;
  setCancelAtPeriodEnd(accountId: string, subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionState>;
  /** Moves the subscription to a new price (a product of its own at Stripe), prorated as Stripe does by default. */
  switchSubscriptionPrice(accountId: string, subscriptionId: string, lineItem: CheckoutLineItem & { recurring: NonNullable<CheckoutLineItem["recurring"]> }): Promise<SubscriptionState>;
  createBillingPortalSession(accountId: string, customerId: string, returnUrl: string): Promise<{ url: string }>;
  refundPaymentIntent(accountId: string, paymentIntentId: string, amount: number): Promise<{ id: string }>;
  /**
   * The event in `payload` if `signature` (the Stripe-Signature header) was made with the
   * webhook secret over exactly these bytes, recently; null otherwise.
   */
  verifyWebhook(payload: string, signature: string | undefined): Stripe.Event | null;
}

function subscriptionState(s: Stripe.Subscription): SubscriptionState {
  // Newer API versions keep the period on the subscription's items.
  const item = s.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = s as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
  return {
    id: s.id,
    status: s.status,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

/** The SDK's options for an API base URL: host, port and protocol, which it supports for this. */
function hostOptions(apiBaseUrl: string | undefined): Stripe.StripeConfig {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

export function createStripeGateway(settings: StripeSettings): StripeGateway | null {
  if (!settings.secretKey) return null;
  const stripe = new Stripe(settings.secretKey, {
    ...hostOptions(settings.apiBaseUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Gatehouse" },
  });
  const on = (accountId: string): Stripe.RequestOptions => ({ stripeAccount: accountId });
  const webhookSecret = settings.webhookSecret;

  return {
    async createConnectedAccount(projectId) {
      const account = await stripe.accounts.create({
        controller: {
          stripe_dashboard: { type: "none" },
          fees: { payer: "application" },
          losses: { payments: "application" },
          requirement_collection: "application",
        },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { projectId },
      });
      return { id: account.id };
    },
    async createAccountLink(accountId, urls) {
      const link = await stripe.accountLinks.create({ account: accountId, type: "account_onboarding", refresh_url: urls.refreshUrl, return_url: urls.returnUrl });
      return { url: link.url };
    },
    async retrieveAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        accountId: account.id,
        chargesEnabled: account.charges_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
      };
    },
    async createAccountSession(accountId) {
      const session = await stripe.accountSessions.create({
        account: accountId,
        components: {
          account_onboarding: { enabled: true },
          payments: { enabled: true, features: { refund_management: true, dispute_management: true, capture_payments: true } },
          payouts: { enabled: true },
        },
      });
      return { clientSecret: session.client_secret };
    },
    async getPaymentMethodConfig(accountId) {
      const list = await stripe.paymentMethodConfigurations.list({ limit: 20 }, on(accountId));
      const config = list.data.find((c) => c.is_default) ?? list.data[0];
      if (!config) return null;
      const methods: PaymentMethodConfig["methods"] = [];
      for (const [key, value] of Object.entries(config)) {
        const method = value as { available?: boolean; display_preference?: { overridable?: boolean | null; value?: string } } | null;
        if (!method || typeof method !== "object" || !method.display_preference) continue;
        methods.push({ id: key, enabled: method.display_preference.value === "on", available: method.available ?? false, overridable: method.display_preference.overridable ?? false });
      }
      return { configId: config.id, methods };
    },
    async updatePaymentMethodConfig(accountId, configId, updates) {
      const params: Record<string, { display_preference: { preference: "on" | "off" } }> = {};
      for (const [method, preference] of Object.entries(updates)) params[method] = { display_preference: { preference } };
      await stripe.paymentMethodConfigurations.update(configId, params as Stripe.PaymentMethodConfigurationUpdateParams, on(accountId));
    },
    async createCheckoutSession(accountId, request) {
      const { lineItem } = request;
      const session = await stripe.checkout.sessions.create(
        {
          mode: lineItem.recurring ? "subscription" : "payment",
          line_items: [
            {
              quantity: lineItem.quantity,
              price_data: {
                currency: lineItem.currency,
                unit_amount: lineItem.unitAmount,
                product_data: { name: lineItem.name },
                ...(lineItem.recurring ? { recurring: { interval: lineItem.recurring.interval, interval_count: lineItem.recurring.intervalCount } } : {}),
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata,
          ...(lineItem.recurring ? { subscription_data: { metadata: request.metadata } } : { payment_intent_data: { metadata: request.metadata } }),
        },
        on(accountId),
      );
      return { id: session.id, url: session.url };
    },
    async retrieveSubscription(accountId, subscriptionId) {
      return subscriptionState(await stripe.subscriptions.retrieve(subscriptionId, {}, on(accountId)));
    },
    async cancelSubscription(accountId, subscriptionId) {
      return subscriptionState(await stripe.subscriptions.cancel(subscriptionId, {}, on(accountId)));
    },
    async setCancelAtPeriodEnd(accountId, subscriptionId, cancelAtPeriodEnd) {
      return subscriptionState(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }, on(accountId)));
    },
    async switchSubscriptionPrice(accountId, subscriptionId, lineItem) {
      const current = await stripe.subscriptions.retrieve(subscriptionId, {}, on(accountId));
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to switch`);
      // A subscription item's price_data names a product by id (no inline product_data), so the product is made first.
      const product = await stripe.products.create({ name: lineItem.name }, on(accountId));
      const updated = await stripe.subscriptions.update(
        subscriptionId,
        {
          items: [
            {
              id: item.id,
              quantity: lineItem.quantity,
              price_data: {
                currency: lineItem.currency,
                product: product.id,
                unit_amount: lineItem.unitAmount,
                recurring: { interval: lineItem.recurring.interval, interval_count: lineItem.recurring.intervalCount },
              },
            },
          ],
        },
        on(accountId),
      );
      return subscriptionState(updated);
    },
    async createBillingPortalSession(accountId, customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, on(accountId));
      return { url: session.url };
    },
    async refundPaymentIntent(accountId, paymentIntentId, amount) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount }, on(accountId));
      return { id: refund.id };
    },
    verifyWebhook(payload, signature) {
      if (!webhookSecret || !signature) return null;
      try {
        return stripe.webhooks.constructEvent(payload, signature, webhookSecret);
      } catch {
        return null;
      }
    },
  };
}
