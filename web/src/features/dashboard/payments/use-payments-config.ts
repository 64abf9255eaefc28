import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { PaymentsConfig } from "./catalog-types";

const configKey = api.getGetConfigQueryKey();

/** The catalog as it applies: the `payments` part of the rendered configuration (`GET /internal/config`, admin). */
export function usePaymentsConfig(projectId: string): PaymentsConfig {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, configKey),
    queryFn: ({ signal }) => api.getConfig(adminRequest(projectId, { signal })),
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
  const invalidate = useAdminInvalidate(projectId);
  const update = api.useUpdateConfigOverride({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(configKey, api.getGetCurrentProjectAdminQueryKey()) },
  });
  const save = (changes: Record<string, unknown>) => update.mutateAsync({ level: "environment", data: { config_override_string: JSON.stringify(changes) } });
  return { ...update, save };
}
