import AxeBuilder from "@axe-core/playwright";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, SCREENSHOTS_DIR } from "./browser-harness";

/** The rules the browser tests hold every page to: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Desktop and phone width, each in both schemes. */
export const ALL_VIEWS = [
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 1280 },
  { scheme: "light", width: 390 },
  { scheme: "dark", width: 390 },
] as const;

/**
 * axe-core's violations on the page as it is now, in each of `ALL_VIEWS`, one line each
 * ("dark 390 px, color-contrast: …"); with `name`, a full-page screenshot of each view too
 * (`<name>-<scheme>-<width>.png`), so that a person can look at what was scanned. `include`
 * narrows the scan to a part of the page (an open dialog). Leaves the page light at desktop size.
 */
export async function axeViolations(page: Page, { name, include }: { name?: string; include?: string } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const view of ALL_VIEWS) {
    await page.setViewportSize({ width: view.width, height: 900 });
    await page.emulateMedia({ colorScheme: view.scheme });
    // Mantine's "auto" scheme follows the media query; a frame lets it paint, and the shell's
    // navigation slides away at phone width: scan once that transition has ended.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await finite(page);
    if (name) await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-${view.scheme}-${view.width}.png`), fullPage: !include });
    const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
    const results = await (include ? builder.include(include) : builder).analyze();
    for (const violation of results.violations) {
      found.push(`${view.scheme} ${view.width} px, ${violation.id}: ${violation.nodes.slice(0, 3).map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(" | ")}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
  await finite(page);
  return found;
}

/** Every animation with an end has ended (a loader spins for ever, and a loading state is scanned too). */
async function finite(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}
