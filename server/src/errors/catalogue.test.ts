import { describe, expect, it } from "vitest";
import { errorAreas, knownErrors } from "./catalogue";

describe("the error catalogue", () => {
  it("defines each code in one area only (a second definition would silently replace the first)", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, errors] of Object.entries(errorAreas)) {
      for (const code of Object.keys(errors)) {
        if (seen.has(code)) twice.push(`${code} in ${seen.get(code)} and ${area}`);
        else seen.set(code, area);
      }
    }
    expect(twice).toEqual([]);
    // errorAreas names every area the catalogue joins.
    expect(seen.size).toBe(Object.keys(knownErrors).length);
  });
});
