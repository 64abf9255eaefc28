import { describe, expect, it } from "vitest";
import { totpCode } from "../testing/totp";
import { matchTotp, totpStep } from "./totp";

// RFC 6238 Appendix B, SHA-1: the 20-byte ASCII key "12345678901234567890"; the RFC lists
// eight-digit codes, whose last six digits are the six-digit codes.
const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP", () => {
  it.each(RFC_VECTORS)("matches RFC 6238's SHA-1 vector at T=%i, and so does the tests' reference generator", async (seconds, code) => {
    const nowMs = seconds * 1000;
    expect(totpCode(RFC_SECRET, nowMs)).toBe(code);
    expect(await matchTotp(RFC_SECRET, code, nowMs)).toBe(totpStep(nowMs));
  });

  it("accepts one step of drift either side, and not two", async () => {
    const nowMs = 1_700_000_015_000;
    const step = totpStep(nowMs);
    expect(await matchTotp(RFC_SECRET, totpCode(RFC_SECRET, nowMs, -1), nowMs)).toBe(step - 1);
    expect(await matchTotp(RFC_SECRET, totpCode(RFC_SECRET, nowMs, 1), nowMs)).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, totpCode(RFC_SECRET, nowMs, -2), nowMs)).toBeNull();
    expect(await matchTotp(RFC_SECRET, totpCode(RFC_SECRET, nowMs, 2), nowMs)).toBeNull();
  });

  it("treats anything but six digits as a wrong code instead of throwing", async () => {
    const nowMs = 59_000;
    for (const token of ["", "28708", "2870822", "28708a", " 287082", "２８７０８２"]) {
      expect(await matchTotp(RFC_SECRET, token, nowMs)).toBeNull();
    }
    expect(await matchTotp(new Uint8Array(0), "287082", nowMs)).toBeNull();
  });

  it("still verifies a short secret stored before enrolment checked the length", async () => {
    const short = Buffer.from("0123456789", "ascii");
    expect(await matchTotp(short, totpCode(short, 59_000), 59_000)).toBe(1);
  });
});
