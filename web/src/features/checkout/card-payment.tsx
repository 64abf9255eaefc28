import { Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Stripe, StripeElementLocale, StripeElements } from "@stripe/stripe-js";
import { useEffect, useId, useRef, useState } from "react";
import { ErrorAlert } from "../../components/error-alert";
import { isLocale } from "../../lib/locale";
import { useDocumentTitle } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import type { PendingPayment } from "./pending-payment";
import { stripeForAccount } from "./stripe-js";

/**
 * The second step of a live purchase: Stripe.js's payment element for the client secret
 * purchase-session answered, on the project's connected account. Confirming leaves for Stripe,
 * which brings the buyer back to this page with `?purchase=success` (or with an error here).
 */
export function CardPayment({ payment, declined }: { payment: PendingPayment; declined: boolean }) {
  const { t, i18n } = useLingui();
  const productName = payment.productName;
  const projectName = payment.projectName;
  const title = t`Pay for ${productName}`;
  useDocumentTitle(title);
  const headingId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(declined ? t`The payment did not go through. Nothing was charged; try again, or with another card.` : null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setLoadError(null);
    stripeForAccount(payment.stripeJsUrl, payment.publishableKey, payment.stripeAccountId)
      .then((stripe) => {
        if (cancelled || !mountRef.current) return;
        // Stripe words its own form in the page's language.
        const elements = stripe.elements({ clientSecret: payment.clientSecret, locale: stripeLocale(i18n.locale) });
        const element = elements.create("payment");
        element.mount(mountRef.current);
        destroy = () => element.destroy();
        setForm({ stripe, elements });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(errorMessage(error));
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [payment, attempt, i18n.locale]);

  const pay = async () => {
    if (!form) return;
    setPaying(true);
    setPayError(null);
    const back = new URL(window.location.href);
    back.searchParams.set("purchase", "success");
    for (const name of ["payment_intent", "payment_intent_client_secret", "setup_intent", "setup_intent_client_secret", "redirect_status"]) back.searchParams.delete(name);
    const confirmParams = { return_url: back.toString() };
    // A free trial's subscription asks for the card to be saved (a SetupIntent), not charged.
    const { error } = payment.clientSecret.startsWith("seti_")
      ? await form.stripe.confirmSetup({ elements: form.elements, confirmParams })
      : await form.stripe.confirmPayment({ elements: form.elements, confirmParams });
    // Reached only when Stripe refused: on success Stripe.js has left for the return URL.
    setPayError(error.message ?? t`The payment did not go through.`);
    setPaying(false);
  };

  return (
    <Container size={520} px={0} py={{ base: "md", sm: 48 }}>
      <Paper component="section" withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} aria-labelledby={headingId}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Text c="dimmed" size="sm">
              {payment.projectName}
            </Text>
            <Title order={1} size="h2" id={headingId}>
              {title}
            </Title>
          </Stack>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={500}>
              <Trans>Total</Trans>
            </Text>
            <Text fw={700} data-testid="checkout-total">
              {payment.total}
            </Text>
          </Group>
          {form || loadError ? null : <Skeleton height={120} />}
          <div ref={mountRef} data-testid="payment-form" />
          {loadError ? (
            <Stack gap="xs">
              <ErrorAlert message={loadError} />
              <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          ) : null}
          <ErrorAlert message={payError} />
          <Button size="md" fullWidth disabled={!form} loading={paying} onClick={() => void pay()}>
            <Trans>Pay now</Trans>
          </Button>
          {payment.returnUrl ? (
            <Anchor href={payment.returnUrl} size="sm" ta="center">
              <Trans>Cancel and return to {projectName}</Trans>
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The languages of this app are among Stripe's; anything else lets Stripe follow the browser. */
function stripeLocale(locale: string): StripeElementLocale {
  return isLocale(locale) ? locale : "auto";
}
