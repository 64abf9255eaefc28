import { listAttempts, listDeliveries, type AttemptRecord, type DeliveryRecord } from "../../db/queries/webhooks";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export interface LoggedDelivery extends DeliveryRecord {
  tries: AttemptRecord[];
}

/** The project's deliveries, newest first, each with its tries; optionally one endpoint's. */
export async function listDeliveryLog(
  deps: ServiceDeps,
  tenancy: Tenancy,
  page: { limit: number; cursor?: string; endpointId?: string },
): Promise<{ deliveries: LoggedDelivery[]; nextCursor: string | null }> {
  const { deliveries, nextCursor } = await listDeliveries(deps.db, tenancy, page);
  const attempts = await listAttempts(deps.db, tenancy, deliveries.map((d) => d.id));
  const byDelivery = new Map<string, AttemptRecord[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return { deliveries: deliveries.map((d) => ({ ...d, tries: byDelivery.get(d.id) ?? [] })), nextCursor };
}
