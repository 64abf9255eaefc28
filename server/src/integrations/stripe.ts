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

export interface LineItem {
  name: string;
  currency: string;
  /** Per unit, in the currency's smallest unit. */
  unitAmount: number;
  quantity: number;
  /** Set for a subscription. */
  recurring?: { interval: "day" | "week" | "month" | "year"; intervalCount: number };
}

/** A payment the buyer confirms on the page with Stripe's payment element. */
export interface PaymentToConfirm {
  id: string;
  /** For Stripe.js (`elements({ clientSecret })`); empty when Stripe gave none. */
  clientSecret: string;
}

/** A Stripe customer as payments reads it; null when deleted or unknown. */
export interface CustomerState {
  id: string;
  metadata: Record<string, string>;
  /** `invoice_settings.default_payment_method`, when set. */
  defaultPaymentMethodId: string | null;
}

/** A card, as the SDK's billing page shows it. */
export interface CardSummary {
  id: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** A subscription as Stripe has it now; the state webhooks reconcile to. */
export interface SubscriptionState {
  id: string;
  status: Stripe.Subscription.Status;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  /** Its first item's quantity; null when it has no item. */
  quantity: number | null;
  /** When it ended (seconds), for an ended subscription. */
  endedAt: number | null;
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
  createCustomer(accountId: string, metadata: Record<string, string>): Promise<{ id: string }>;
  retrieveCustomer(accountId: string, customerId: string): Promise<CustomerState | null>;
  /** The customer's default card: its invoice settings' default, else the first card it has; null without one. */
  defaultCard(accountId: string, customer: CustomerState): Promise<CardSummary | null>;
  setDefaultPaymentMethod(accountId: string, customerId: string, paymentMethodId: string): Promise<void>;
  createSetupIntent(accountId: string, customerId: string): Promise<PaymentToConfirm>;
  /** Null when Stripe has no such SetupIntent (the id came from the caller). */
  retrieveSetupIntent(accountId: string, setupIntentId: string): Promise<{ customer: string | null; status: string; paymentMethod: string | null } | null>;
  /** A one-time payment of `amount` (smallest unit) for the customer, confirmed on the page. */
  createPaymentIntent(accountId: string, request: { amount: number; currency: string; customerId: string; metadata: Record<string, string> }): Promise<PaymentToConfirm>;
  /** A subscription left incomplete until its first invoice is paid on the page (a Stripe product is made for it). */
  createSubscription(accountId: string, request: { customerId: string; lineItem: LineItem & { recurring: NonNullable<LineItem["recurring"]> }; metadata: Record<string, string> }): Promise<PaymentToConfirm>;
  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(accountId: string, customerId: string): Promise<SubscriptionState[]>;
  retrieveSubscription(accountId: string, subscriptionId: string): Promise<SubscriptionState>;
  cancelSubscription(accountId: string, subscriptionId: string): Promise<SubscriptionState>;
  setCancelAtPeriodEnd(accountId: string, subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionState>;
  /** Sets the first item's quantity, and whether the subscription stops at the period's end. */
  setSubscriptionQuantity(accountId: string, subscriptionId: string, quantity: number, cancelAtPeriodEnd: boolean): Promise<SubscriptionState>;
  /** Moves the subscription to a new price (a product of its own at Stripe), prorated as Stripe does by default. */
  switchSubscriptionPrice(accountId: string, subscriptionId: string, lineItem: LineItem & { recurring: NonNullable<LineItem["recurring"]> }, metadata?: Record<string, string>): Promise<SubscriptionState>;
  /** The payment intent that paid an invoice; null when none did. */
  invoicePaymentIntent(accountId: string, invoiceId: string): Promise<string | null>;
  refundPaymentIntent(accountId: string, paymentIntentId: string, amount: number, metadata?: Record<string, string>): Promise<{ id: string }>;
  /**
   * The event in `payload` if `signature` (the Stripe-Signature header) was made with the
   * webhook secret over exactly these bytes, recently; null otherwise.
   */
  verifyWebhook(payload: string, signature: string | undefined): Stripe.Event | null;
}

export function subscriptionState(s: Stripe.Subscription): SubscriptionState {
  // Newer API versions keep the period on the subscription's items.
  const item = s.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = s as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
  return {
    id: s.id,
    status: s.status,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
    metadata: (s.metadata ?? {}) as Record<string, string>,
    quantity: item ? (item.quantity ?? 1) : null,
    endedAt: s.ended_at ?? null,
  };
}

/** The secret Stripe.js confirms a new subscription's first payment with: its latest invoice's. */
function subscriptionClientSecret(s: Stripe.Subscription): string {
  const invoice = s.latest_invoice;
  if (!invoice || typeof invoice === "string") return "";
  const extra = invoice as Stripe.Invoice & { confirmation_secret?: { client_secret?: string | null } | null; payment_intent?: string | { client_secret?: string | null } | null };
  const confirmation = extra.confirmation_secret?.client_secret;
  if (typeof confirmation === "string") return confirmation;
  const intent = extra.payment_intent;
  return intent && typeof intent !== "string" && typeof intent.client_secret === "string" ? intent.client_secret : "";
}

const cardOf = (pm: Stripe.PaymentMethod): CardSummary => ({
  id: pm.id,
  brand: pm.card?.brand ?? null,
  last4: pm.card?.last4 ?? null,
  expMonth: pm.card?.exp_month ?? null,
  expYear: pm.card?.exp_year ?? null,
});

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

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
    // Through fetch rather than the SDK's default node:http client: outbound fetch calls are the
    // ones tracing sees (undici's diagnostics channels, tracing.ts), so each call to Stripe is a
    // client span under the request that made it.
    httpClient: Stripe.createFetchHttpClient(),
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
    async createCustomer(accountId, metadata) {
      const customer = await stripe.customers.create({ metadata }, on(accountId));
      return { id: customer.id };
    },
    async retrieveCustomer(accountId, customerId) {
      try {
        const customer = await stripe.customers.retrieve(customerId, {}, on(accountId));
        if (customer.deleted) return null;
        return { id: customer.id, metadata: (customer.metadata ?? {}) as Record<string, string>, defaultPaymentMethodId: idOf(customer.invoice_settings?.default_payment_method) };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async defaultCard(accountId, customer) {
      if (customer.defaultPaymentMethodId) {
        return cardOf(await stripe.paymentMethods.retrieve(customer.defaultPaymentMethodId, {}, on(accountId)));
      }
      const cards = await stripe.customers.listPaymentMethods(customer.id, { type: "card", limit: 1 }, on(accountId));
      return cards.data[0] ? cardOf(cards.data[0]) : null;
    },
    async setDefaultPaymentMethod(accountId, customerId, paymentMethodId) {
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }, on(accountId));
    },
    async createSetupIntent(accountId, customerId) {
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: "off_session", automatic_payment_methods: { enabled: true } }, on(accountId));
      return { id: intent.id, clientSecret: intent.client_secret ?? "" };
    },
    async retrieveSetupIntent(accountId, setupIntentId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, {}, on(accountId)).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
      if (!intent) return null;
      return { customer: idOf(intent.customer), status: intent.status, paymentMethod: idOf(intent.payment_method) };
    },
    async createPaymentIntent(accountId, request) {
      const intent = await stripe.paymentIntents.create(
        { amount: request.amount, currency: request.currency, customer: request.customerId, automatic_payment_methods: { enabled: true }, metadata: request.metadata },
        on(accountId),
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? "" };
    },
    async createSubscription(accountId, request) {
      const { lineItem } = request;
      // A subscription item's price_data names a product by id (no inline product_data), so the product is made first.
      const product = await stripe.products.create({ name: lineItem.name }, on(accountId));
      const subscription = await stripe.subscriptions.create(
        {
          customer: request.customerId,
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          items: [
            {
              quantity: lineItem.quantity,
              price_data: {
                currency: lineItem.currency,
                unit_amount: lineItem.unitAmount,
                product: product.id,
                recurring: { interval: lineItem.recurring.interval, interval_count: lineItem.recurring.intervalCount },
              },
            },
          ],
          metadata: request.metadata,
        },
        on(accountId),
      );
      return { id: subscription.id, clientSecret: subscriptionClientSecret(subscription) };
    },
    async listSubscriptions(accountId, customerId) {
      const found: SubscriptionState[] = [];
      for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: "all", limit: 100 }, on(accountId))) {
        found.push(subscriptionState(subscription));
        if (found.length >= 1000) break;
      }
      return found;
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
    async setSubscriptionQuantity(accountId, subscriptionId, quantity, cancelAtPeriodEnd) {
      const current = await stripe.subscriptions.retrieve(subscriptionId, {}, on(accountId));
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      return subscriptionState(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd, items: [{ id: item.id, quantity }] }, on(accountId)),
      );
    },
    async switchSubscriptionPrice(accountId, subscriptionId, lineItem, metadata) {
      const current = await stripe.subscriptions.retrieve(subscriptionId, {}, on(accountId));
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to switch`);
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
          ...(metadata ? { metadata } : {}),
        },
        on(accountId),
      );
      return subscriptionState(updated);
    },
    async invoicePaymentIntent(accountId, invoiceId) {
      const invoice = (await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }, on(accountId))) as Stripe.Invoice & {
        payment_intent?: string | { id: string } | null;
        payments?: { data?: Array<{ status?: string; payment?: { payment_intent?: string | { id: string } | null } }> };
      };
      const paid = invoice.payments?.data?.find((payment) => payment.status === "paid");
      return idOf(paid?.payment?.payment_intent) ?? idOf(invoice.payment_intent);
    },
    async refundPaymentIntent(accountId, paymentIntentId, amount, metadata) {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount, ...(metadata ? { metadata } : {}) }, on(accountId));
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
