/**
 * How much mail a project may send: `capacityPerHour` messages (4x while a boost is active),
 * as a burst of one hour's worth and then spread evenly. It is a virtual clock per project
 * (the generic cell rate algorithm): each message queued now moves it on by one interval, and
 * a message whose slot lies beyond the burst is not refused but scheduled for its slot, so a
 * large send is queued for later rather than failed. Mail the platform sends itself (codes,
 * links) is not counted: it must never wait behind a newsletter.
 */
import { deliveryStats, lockCapacity, readCapacity, setCapacityBoost, setCapacityClock, type WindowStats } from "../../db/queries/email-outbox";
import type { Queryable } from "../../db/db";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

export const BOOST_MULTIPLIER = 4;
export const BOOST_DURATION_MS = 4 * 3_600_000;
const BURST_WINDOW_MS = 3_600_000;

const isBoosted = (boostExpiresAtMillis: number | null, now: number) => boostExpiresAtMillis !== null && boostExpiresAtMillis > now;

function intervalMs(deps: Pick<ServiceDeps, "settings">, boosted: boolean): number {
  return 3_600_000 / (deps.settings.emailQueue.capacityPerHour * (boosted ? BOOST_MULTIPLIER : 1));
}

/**
 * The time each of `count` messages may go, the earliest being `earliest` (now, or a scheduled
 * time). Runs in the caller's transaction, which holds the project's clock locked; messages
 * scheduled for later get slots from a clock of their own starting then, and leave the
 * project's clock alone (a send next week must not hold up today's). `now` is the caller's, so
 * that what it calls due now and what this calls now are the same instant.
 */
export async function takeSlots(
  deps: Pick<ServiceDeps, "settings">,
  tx: Queryable,
  tenancy: Tenancy,
  count: number,
  earliest: number,
  now: number,
): Promise<number[]> {
  const state = await lockCapacity(tx, tenancy);
  const step = intervalMs(deps, isBoosted(state.boostExpiresAtMillis, now));
  const scheduled = earliest > now;
  let tat = scheduled ? earliest : Math.max(state.theoreticalArrivalAtMillis, now);
  // A burst of exactly one hour's worth: the clock may run that far ahead of now, less one step.
  const tolerance = BURST_WINDOW_MS - step;
  const slots: number[] = [];
  for (let i = 0; i < count; i++) {
    slots.push(Math.max(earliest, tat - tolerance));
    tat += step;
  }
  if (!scheduled) await setCapacityClock(tx, tenancy, new Date(tat));
  return slots;
}

export async function activateCapacityBoost(deps: ServiceDeps, tenancy: Tenancy): Promise<{ expiresAtMillis: number }> {
  return deps.db.transaction(async (tx) => {
    const now = Date.now();
    const state = await lockCapacity(tx, tenancy);
    if (isBoosted(state.boostExpiresAtMillis, now)) {
      throw new KnownError("EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE", { expires_at: new Date(state.boostExpiresAtMillis!).toISOString() });
    }
    const expiresAt = now + BOOST_DURATION_MS;
    await setCapacityBoost(tx, tenancy, new Date(expiresAt));
    return { expiresAtMillis: expiresAt };
  });
}

export interface DeliveryInfo {
  stats: Record<"hour" | "day" | "week" | "month", WindowStats>;
  capacity: { ratePerSecond: number; boostMultiplier: number; penaltyFactor: number; isBoostActive: boolean; boostExpiresAtMillis: number | null };
}

export async function deliveryInfo(deps: ServiceDeps, tenancy: Tenancy): Promise<DeliveryInfo> {
  const [stats, state] = await Promise.all([deliveryStats(deps.db, tenancy), readCapacity(deps.db, tenancy)]);
  const boosted = isBoosted(state?.boostExpiresAtMillis ?? null, Date.now());
  return {
    stats,
    capacity: {
      ratePerSecond: 1000 / intervalMs(deps, boosted),
      boostMultiplier: boosted ? BOOST_MULTIPLIER : 1,
      penaltyFactor: 1,
      isBoostActive: boosted,
      boostExpiresAtMillis: boosted ? state!.boostExpiresAtMillis : null,
    },
  };
}
