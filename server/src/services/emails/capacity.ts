/**
 * How much mail a project may send. The rate is Stack Auth's: the base capacity
 * (`capacityPerHour`) plus four times the project's average hourly volume over the last month,
 * scaled down by its bounce rate (the worst of the last hour, day and week: a tenth of the
 * rate at most taken away per tenth of mail bounced, never below a tenth; spam complaints
 * would weigh fifty bounces each, but none are received), never below a quarter of the base,
 * and four times that while a boost is active. Mail goes as a burst of one hour's worth and
 * then evenly spread: a virtual clock per project (the generic cell rate algorithm) that each
 * message queued now moves on by one interval; a message whose slot lies beyond the burst is
 * not refused but scheduled for its slot, so a large send is queued for later rather than
 * failed. Mail the platform sends itself (codes, links) is not counted: it must never wait
 * behind a newsletter.
 */
import { deliveryStats, lockCapacity, readCapacity, setCapacityBoost, setCapacityClock, type WindowStats } from "../../db/queries/email-outbox";
import type { Queryable } from "../../db/db";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export const BOOST_MULTIPLIER = 4;
export const BOOST_DURATION_MS = 4 * 3_600_000;
const BURST_WINDOW_MS = 3_600_000;

const isBoosted = (boostExpiresAtMillis: number | null, now: number) => boostExpiresAtMillis !== null && boostExpiresAtMillis > now;

type Stats = Record<"hour" | "day" | "week" | "month", WindowStats>;

/** 1 for a clean record; less the more of the mail bounced (or was reported as spam, which weighs 50 bounces). */
export function penaltyFactor(window: WindowStats, markedAsSpam = 0): number {
  if (window.sent === 0) return 1;
  const failureRate = (window.bounced + 50 * markedAsSpam) / window.sent;
  return Math.max(0.1, Math.min(1, 1 - failureRate));
}

/** The project's rate in messages per second, from its delivery record (see the header). */
export function capacityRate(deps: Pick<ServiceDeps, "settings">, stats: Stats, boosted: boolean): { ratePerSecond: number; penaltyFactor: number } {
  const base = deps.settings.emailQueue.capacityPerHour;
  const penalty = Math.min(penaltyFactor(stats.week), penaltyFactor(stats.day), penaltyFactor(stats.hour));
  const hourlyBaseline = base + (4 * stats.month.sent) / 30 / 24;
  const ratePerHour = Math.max(hourlyBaseline * penalty, base / 4);
  return { ratePerSecond: (ratePerHour / 60 / 60) * (boosted ? BOOST_MULTIPLIER : 1), penaltyFactor: penalty };
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
  const { ratePerSecond } = capacityRate(deps, await deliveryStats(tx, tenancy), isBoosted(state.boostExpiresAtMillis, now));
  const step = 1000 / ratePerSecond;
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
  const rate = capacityRate(deps, stats, boosted);
  return {
    stats,
    capacity: {
      ratePerSecond: rate.ratePerSecond,
      boostMultiplier: boosted ? BOOST_MULTIPLIER : 1,
      penaltyFactor: rate.penaltyFactor,
      isBoostActive: boosted,
      boostExpiresAtMillis: boosted ? state!.boostExpiresAtMillis : null,
    },
  };
}
