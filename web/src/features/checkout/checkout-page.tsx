import { Alert, Anchor, Badge, Button, Container, Group, Input, NumberInput, Paper, Radio, SegmentedControl, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg, ph } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCircleCheck, IconFlask } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import type { FallbackProps } from "react-error-boundary";
import { useParams, useSearchParams } from "react-router";
import { Boundary, RetryableError } from "../../components/boundary";
import { ErrorAlert } from "../../components/error-alert";
import { LoadingCard, PageCard, useDocumentTitle } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import type { Currency } from "../../lib/currencies";
import { formatMoney } from "../../lib/currencies";
import { CardPayment } from "./card-payment";
import { clearPendingPayment, readPendingPayment, savePendingPayment, type PendingPayment } from "./pending-payment";
import { currenciesOf, every, priceLabel, trialLabel } from "./price-format";
import { codeProblemOf, usePurchaseOffer, usePurchaseSession, useTestPurchase, type PurchaseOffer } from "./use-checkout";

/** purchase-session takes at most this many of a stackable product at once. */
const QUANTITY_MAX = 1000;

/** Why a purchase link cannot be used, in words. */
const CODE_PROBLEMS: Record<"unknown" | "expired" | "used", { title: MessageDescriptor; text: MessageDescriptor }> = {
  unknown: { title: msg`This purchase link is not valid`, text: msg`Make sure you opened the whole link, or go back to the app and start the purchase again.` },
  expired: { title: msg`This purchase link has expired`, text: msg`Purchase links last a day. Go back to the app and start the purchase again.` },
  used: { title: msg`This purchase link has already been used`, text: msg`Each link buys once. If you paid, the purchase is yours; otherwise start again from the app.` },
};

/** How the buyer came back to the page: from Stripe (paid, or the card declined) or from the cancel link. */
interface Arrival {
  outcome: string | null;
  declined: boolean;
}

/**
 * The hosted checkout (`/purchase/<code>`, made by `POST /payments/purchases/create-purchase-url`):
 * the project's product with its prices, a choice of price (and quantity, for a stackable product),
 * then in test mode a purchase that completes at once without Stripe, and in live mode Stripe.js's
 * payment element for the payment purchase-session starts, after which Stripe brings the buyer
 * back here with `?purchase=success`.
 */
export function CheckoutPage() {
  const { t } = useLingui();
  const { code = "" } = useParams();
  const [params] = useSearchParams();
  const returnUrl = params.get("return_url") || undefined;
  const arrival: Arrival = { outcome: params.get("purchase"), declined: params.get("redirect_status") === "failed" };
  return (
    <Boundary loading={<LoadingCard title={t`Checkout`} />} failed={(props) => <CheckoutFailure {...props} code={code} arrival={arrival} />}>
      <Offer code={code} returnUrl={returnUrl} arrival={arrival} />
    </Boundary>
  );
}

function Offer({ code, returnUrl, arrival }: { code: string; returnUrl: string | undefined; arrival: Arrival }) {
  const offer = usePurchaseOffer(code, returnUrl);
  // The return URL the link was made with (checked against the trusted domains when it was), else the address's.
  returnUrl = offer.return_url ?? returnUrl;
  if (arrival.outcome === "success") return <Purchased offer={offer} returnUrl={returnUrl} paid />;
  return <Checkout code={code} offer={offer} returnUrl={returnUrl} canceled={arrival.outcome === "canceled"} />;
}

/**
 * A link that cannot be used says why; anything else is the server's message with a retry. A
 * link spent by a card payment this tab started is that payment: paid when Stripe sent the buyer
 * back with success, otherwise its payment form again (a reload, a declined card).
 */
function CheckoutFailure({ error, resetErrorBoundary, code, arrival }: FallbackProps & { code: string; arrival: Arrival }) {
  const { t } = useLingui();
  const problem = codeProblemOf(error);
  const pending = problem === "used" ? readPendingPayment(code) : null;
  if (pending && arrival.outcome === "success" && !arrival.declined) return <Paid code={code} payment={pending} />;
  if (pending && arrival.outcome !== "canceled") return <CardPayment payment={pending} declined={arrival.declined} />;
  if (problem === "used" && arrival.outcome === "canceled") {
    return (
      <PageCard title={t`Payment canceled`} announce>
        <Text>
          <Trans>Nothing was charged. To buy after all, go back to the app and start the purchase again.</Trans>
        </Text>
      </PageCard>
    );
  }
  if (problem) return <CodeProblem kind={problem} />;
  return (
    <PageCard title={t`Checkout`}>
      <RetryableError error={error} resetErrorBoundary={resetErrorBoundary} />
    </PageCard>
  );
}

function CodeProblem({ kind }: { kind: keyof typeof CODE_PROBLEMS }) {
  const { i18n } = useLingui();
  return (
    <PageCard title={i18n._(CODE_PROBLEMS[kind].title)} announce>
      <Text>{i18n._(CODE_PROBLEMS[kind].text)}</Text>
    </PageCard>
  );
}

function Purchased({ offer, returnUrl, paid }: { offer: PurchaseOffer; returnUrl: string | undefined; paid: boolean }) {
  return <PurchaseComplete productName={offer.product.display_name} projectName={offer.project_display_name ?? ""} returnUrl={returnUrl ?? null} paid={paid} />;
}

/** Back from Stripe with the payment confirmed: the product is granted when Stripe's event arrives, in a moment. */
function Paid({ code, payment }: { code: string; payment: PendingPayment }) {
  // Paid once: a reload of this page finds the link spent and says so.
  useEffect(() => clearPendingPayment(code), [code]);
  return <PurchaseComplete productName={payment.productName} projectName={payment.projectName} returnUrl={payment.returnUrl} paid />;
}

function PurchaseComplete({ productName, projectName, returnUrl, paid }: { productName: string; projectName: string; returnUrl: string | null; paid: boolean }) {
  const { t } = useLingui();
  return (
    <PageCard title={t`Purchase complete`} announce>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="lg" radius="xl">
          <IconCircleCheck size={20} aria-hidden />
        </ThemeIcon>
        <Text>
          {paid ? (
            <Trans>
              Thank you: {productName} from {projectName} is yours once the payment is confirmed, in a moment.
            </Trans>
          ) : (
            <Trans>
              {productName} from {projectName} is yours.
            </Trans>
          )}
        </Text>
      </Group>
      {returnUrl ? (
        <Button component="a" href={returnUrl}>
          <Trans>Return to {projectName}</Trans>
        </Button>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>You can close this page.</Trans>
        </Text>
      )}
    </PageCard>
  );
}

function Checkout({ code, offer, returnUrl, canceled }: { code: string; offer: PurchaseOffer; returnUrl: string | undefined; canceled: boolean }) {
  const { t, i18n } = useLingui();
  const productName = offer.product.display_name;
  const projectName = offer.project_display_name;
  useDocumentTitle(t`Buy ${productName}`);
  const headingId = useId();
  const prices = Object.entries(offer.product.prices);
  const [priceId, setPriceId] = useState<string>(prices[0]?.[0] ?? "");
  const price = offer.product.prices[priceId];
  const currencies = price ? currenciesOf(price) : [];
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0];
  const [quantity, setQuantity] = useState<number | string>(1);
  const testPurchase = useTestPurchase();
  const session = usePurchaseSession();
  const [payment, setPayment] = useState<PendingPayment | null>(null);
  const start = offer.test_mode ? testPurchase : session;
  const stackable = offer.product.stackable;
  const quantityOk = !stackable || (typeof quantity === "number" && Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX);
  const card = offer.stripe_publishable_key && offer.stripe_account_id && offer.stripe_js_url ? { publishableKey: offer.stripe_publishable_key, stripeAccountId: offer.stripe_account_id, stripeJsUrl: offer.stripe_js_url } : null;
  const blocked = offer.already_bought_non_stackable
    ? t`You already have this product.`
    : !offer.test_mode && (!offer.charges_enabled || !card)
      ? t`${projectName} cannot take payments yet.`
      : null;

  if (testPurchase.isSuccess) return <Purchased offer={offer} returnUrl={returnUrl} paid={false} />;
  // Stripe answers no client secret when nothing is due now (a free trial that asks for no card).
  if (session.isSuccess && session.data.client_secret === "") return <Purchased offer={offer} returnUrl={returnUrl} paid />;
  if (payment) return <CardPayment payment={payment} declined={false} />;

  const buy = () => {
    if (!price || !currency || !quantityOk || blocked) return;
    const count = stackable ? Number(quantity) : 1;
    const data = { full_code: code, price_id: priceId, quantity: count, currency };
    if (offer.test_mode) return testPurchase.mutate({ data });
    if (!card) return;
    session.mutate(
      { data },
      {
        onSuccess: ({ client_secret }) => {
          if (client_secret === "") return;
          const started: PendingPayment = {
            clientSecret: client_secret,
            productName: offer.product.display_name,
            projectName: offer.project_display_name ?? "",
            returnUrl: returnUrl ?? null,
            total: priceLabel(price, currency, count),
            ...card,
          };
          savePendingPayment(code, started);
          setPayment(started);
        },
      },
    );
  };
  return (
    <Container size={520} px={0} py={{ base: "md", sm: 48 }}>
      <Paper component="section" withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} aria-labelledby={headingId}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Group gap="xs">
              {offer.project_logo_url ? <img src={offer.project_logo_url} alt="" width={24} height={24} style={{ borderRadius: 4 }} /> : null}
              <Text c="dimmed" size="sm" data-testid="checkout-project">
                {offer.project_display_name}
              </Text>
            </Group>
            <Title order={1} size="h2" id={headingId}>
              {offer.product.display_name}
            </Title>
          </Stack>
          {offer.test_mode ? (
            <Alert color="yellow" variant="light" icon={<IconFlask aria-hidden />} title={t`Test mode`}>
              <Trans>Nobody is charged: the purchase completes at once without a payment, so that you can try it.</Trans>
            </Alert>
          ) : null}
          {canceled ? (
            <Alert color="gray" variant="light" title={t`Payment canceled`}>
              <Trans>Nothing was charged. You can choose again.</Trans>
            </Alert>
          ) : null}

          {prices.length === 0 ? (
            <Text>
              <Trans>This product has no price to buy it at.</Trans>
            </Text>
          ) : (
            <Radio.Group label={t`Price`} value={priceId} onChange={setPriceId}>
              <Stack gap="xs" mt="xs">
                {prices.map(([id, option]) => {
                  const first = currenciesOf(option)[0];
                  return (
                    <Radio.Card key={id} value={id} p="md" radius="md" aria-label={`${id}: ${first ? priceLabel(option, first) : ""}`}>
                      <Group wrap="nowrap" align="flex-start" gap="sm">
                        <Radio.Indicator />
                        <Stack gap={2}>
                          <Text fw={600}>{first ? formatMoney(option[currency && currenciesOf(option).includes(currency) ? currency : first] ?? "0", currency && currenciesOf(option).includes(currency) ? currency : first) : id}</Text>
                          <Group gap={6}>
                            {option.interval ? (
                              <Badge variant="light" tt="none">
                                {t`Billed ${ph({ period: every(option.interval) })}`}
                              </Badge>
                            ) : (
                              <Badge variant="light" color="gray" tt="none">
                                <Trans>One payment</Trans>
                              </Badge>
                            )}
                            {option.free_trial ? <Badge variant="light" color="green" tt="none">{trialLabel(option.free_trial)}</Badge> : null}
                          </Group>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </Stack>
            </Radio.Group>
          )}
          {currencies.length > 1 ? (
            <Input.Wrapper label={t`Currency`}>
              <SegmentedControl data={currencies} value={currency} onChange={(value) => setCurrency(value as Currency)} aria-label={t`Currency`} fullWidth mt={4} />
            </Input.Wrapper>
          ) : null}
          {stackable ? (
            <NumberInput
              label={t`Quantity`}
              min={1}
              max={QUANTITY_MAX}
              allowDecimal={false}
              value={quantity}
              onChange={setQuantity}
              w={140}
              error={quantityOk ? null : t`From 1 to ${ph({ max: QUANTITY_MAX.toLocaleString(i18n.locale) })}.`}
            />
          ) : null}

          {price && currency ? (
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>
                <Trans>Total</Trans>
              </Text>
              <Text fw={700} data-testid="checkout-total">
                {priceLabel(price, currency, stackable && quantityOk ? Number(quantity) : 1)}
              </Text>
            </Group>
          ) : null}
          {blocked ? (
            <Alert color="gray" variant="light">
              {blocked}
            </Alert>
          ) : null}
          <ErrorAlert message={start.error ? (codeProblemOf(start.error) ? i18n._(CODE_PROBLEMS[codeProblemOf(start.error)!].title) : errorMessage(start.error)) : null} />
          <Button size="md" fullWidth disabled={!price || !quantityOk || blocked !== null} loading={start.isPending} onClick={buy}>
            {offer.test_mode ? <Trans>Complete test purchase</Trans> : <Trans>Continue to payment</Trans>}
          </Button>
          {returnUrl ? (
            <Anchor href={returnUrl} size="sm" ta="center">
              <Trans>Cancel and return to {projectName}</Trans>
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
