import { describe, expect, it } from "vitest";
import { createApiDocument } from "../app";

/** Every `pattern` in a JSON value, with where it is. */
function patternsIn(value: unknown, at: string, found: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((item, i) => patternsIn(item, `${at}/${i}`, found));
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "pattern" && typeof child === "string") found.push([at, child]);
      else patternsIn(child, `${at}/${key}`, found);
    }
  }
  return found;
}

describe("the document's patterns", () => {
  // A zod regex with flags reaches the document as `source/flags` (a literal "/i" at the end),
  // which every other validator reads as part of the pattern: Prism refused every valid id.
  it("are plain ECMA-262 patterns, without a JavaScript flag suffix", () => {
    const patterns = patternsIn(createApiDocument(), "#", []);
    expect(patterns.length).toBeGreaterThan(0);
    const broken = patterns.filter(([, pattern]) => /\/[dgimsuy]+$/.test(pattern) || !compiles(pattern));
    expect(broken).toEqual([]);
  });
});

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
