import { describe, expect, it } from "vitest";
import { capacityRate, penaltyFactor } from "./capacity";

const settings = (capacityPerHour: number) => ({ settings: { emailQueue: { capacityPerHour } } }) as never;
const window = (sent: number, bounced = 0) => ({ sent, bounced });
const stats = (month: number, recent = window(0)) => ({ hour: recent, day: recent, week: recent, month: window(month) });

describe("the sending rate", () => {
  it("is the base capacity for a new project, and grows with four times its average hourly volume of the last month", () => {
    expect(capacityRate(settings(100_000), stats(0), false).ratePerSecond).toBe(27.77777777777778);
    // Stack Auth's figure for a project that sent one message this month.
    expect(capacityRate(settings(100_000), stats(1), false).ratePerSecond).toBe(27.777779320987655);
    expect(capacityRate(settings(3_600), stats(720 * 10), false).ratePerSecond).toBeCloseTo((3_600 + 40) / 3_600);
  });

  it("is four times that while boosted", () => {
    const base = capacityRate(settings(100_000), stats(0), false).ratePerSecond;
    expect(capacityRate(settings(100_000), stats(0), true).ratePerSecond).toBe(base * 4);
  });

  it("falls with the share of mail that bounced, the worst recent window counting, never below a quarter of the base", () => {
    expect(penaltyFactor(window(0))).toBe(1);
    expect(penaltyFactor(window(100, 20))).toBeCloseTo(0.8);
    expect(penaltyFactor(window(100, 100))).toBe(0.1);
    expect(penaltyFactor(window(100, 1), 1)).toBeCloseTo(0.49);
    const hurt = capacityRate(settings(3_600), { hour: window(10, 2), day: window(100, 2), week: window(100, 2), month: window(0) }, false);
    expect(hurt.penaltyFactor).toBeCloseTo(0.8);
    expect(hurt.ratePerSecond).toBeCloseTo(0.8);
    const floor = capacityRate(settings(3_600), { hour: window(10, 10), day: window(10, 10), week: window(10, 10), month: window(0) }, false);
    expect(floor.ratePerSecond).toBeCloseTo(0.25);
  });
});
