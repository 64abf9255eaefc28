import { describe, expect, it } from "vitest";
import { accessTokenExpiryMillis, expiresWithin } from "./jwt";
import { fakeJwt } from "./test-helpers";

describe("accessTokenExpiryMillis", () => {
  it("reads exp (seconds) from the payload as milliseconds", () => {
    expect(accessTokenExpiryMillis(fakeJwt({ exp: 1_700_000_000, name: "Zoë ✓" }))).toBe(1_700_000_000_000);
  });

  it("is null for tokens it cannot read", () => {
    expect(accessTokenExpiryMillis("not-a-jwt")).toBeNull();
    expect(accessTokenExpiryMillis("a.%%%.c")).toBeNull();
    expect(accessTokenExpiryMillis(fakeJwt({ sub: "u" }))).toBeNull();
  });
});

describe("expiresWithin", () => {
  const now = 1_700_000_000_000;
  it("is false while the token has more than the window left", () => {
    expect(expiresWithin(fakeJwt({ exp: now / 1000 + 21 }), 20_000, now)).toBe(false);
  });
  it("is true inside the window, after expiry, and for unreadable tokens", () => {
    expect(expiresWithin(fakeJwt({ exp: now / 1000 + 20 }), 20_000, now)).toBe(true);
    expect(expiresWithin(fakeJwt({ exp: now / 1000 - 5 }), 20_000, now)).toBe(true);
    expect(expiresWithin("garbage", 20_000, now)).toBe(true);
  });
});
