import { adminKeys, adminQuery, api, useAdmin } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { PaymentsConfig } from "./catalog-types";

/** The catalog as it applies: the `payments` part of the rendered configuration (`GET /internal/config`, admin). */
export function usePaymentsConfig(projectId: string): PaymentsConfig {
  const { data } = useSuspenseQuery({
    ...adminQuery(projectId, adminKeys(projectId).config(), (request) => api.getConfig(request)),
    select: (answer) => {
      const payments = (JSON.parse(answer.config_string) as { payments?: Partial<PaymentsConfig> }).payments ?? {};
      return {
        blockNewPurchases: payments.blockNewPurchases ?? false,
        testMode: payments.testMode ?? true,
        productLines: payments.productLines ?? {},
        items: payments.items ?? {},
        products: payments.products ?? {},
      };
    },
  });
  return data;
}

/**
 * Saves catalog entries into the environment override (`PATCH /internal/config/override/environment`,
 * the level a dashboard writes, as Stack Auth's does): each dotted key (`payments.products.pro`)
 * replaces that entry whole, `null` removes it. The server checks the document as it would be
 * and refuses with SCHEMA_ERROR naming each key.
 */
export function useSavePayments(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  const update = api.useUpdateConfigOverride({
    request,
    mutation: { onSuccess: () => invalidate(keys.config(), keys.project()) },
  });
  const save = (changes: Record<string, unknown>) => update.mutateAsync({ level: "environment", data: { config_override_string: JSON.stringify(changes) } });
  return { ...update, save };
}
