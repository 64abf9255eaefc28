import { describe, expect, it } from "vitest";
import type { OperationErrorCodes } from "../generated/known-errors";
import { GatehouseApiError, isKnownError, isKnownErrorCode, KNOWN_ERROR_CODES, type KnownErrorCode } from "./api-error";

const answer = (code: string) => ({ code, error: `${code} happened`, details: { at: "test" } });

describe("GatehouseApiError's code", () => {
  it("is the known-error code when this client knows it", () => {
    const error = new GatehouseApiError(404, answer("USER_NOT_FOUND"));
    expect(error).toMatchObject({ status: 404, code: "USER_NOT_FOUND", sentCode: "USER_NOT_FOUND", message: "USER_NOT_FOUND happened", details: { at: "test" } });
    expect(isKnownError(error)).toBe(true);
    expect(isKnownError(error, "USER_NOT_FOUND")).toBe(true);
    expect(isKnownError(error, "TEAM_NOT_FOUND")).toBe(false);
  });

  it("is null for a code a newer server sends that this client does not know; sentCode keeps it and the server's message stands", () => {
    const error = new GatehouseApiError(400, answer("SOME_CODE_FROM_A_NEWER_SERVER"));
    expect(error).toMatchObject({ code: null, sentCode: "SOME_CODE_FROM_A_NEWER_SERVER", message: "SOME_CODE_FROM_A_NEWER_SERVER happened" });
    expect(isKnownError(error)).toBe(false);
  });

  it("comes from the known-error header when the body has none, and is null when neither names one", () => {
    expect(new GatehouseApiError(401, "text", "ACCESS_TOKEN_EXPIRED").code).toBe("ACCESS_TOKEN_EXPIRED");
    expect(new GatehouseApiError(500, null)).toMatchObject({ code: null, sentCode: null });
  });

  it("knows every code the document declares and the client's own passkey ceremony code, once each", () => {
    expect(new Set(KNOWN_ERROR_CODES).size).toBe(KNOWN_ERROR_CODES.length);
    expect(KNOWN_ERROR_CODES).toContain("PASSKEY_WEBAUTHN_ERROR");
    expect(KNOWN_ERROR_CODES).toContain("SCHEMA_ERROR");
    expect(isKnownErrorCode("EMAIL_PASSWORD_MISMATCH")).toBe(true);
    expect(isKnownErrorCode("EMAIL_PASSWORD_MISMATCHED")).toBe(false);
    expect(isKnownErrorCode(null)).toBe(false);
  });
});

// Type-level: `npm run typecheck` (tsc -p clients) fails on an unused @ts-expect-error, so each
// line below fails the build the day a misspelt code stops being a type error.
describe("a misspelt known-error code", () => {
  it("does not compile where code compares, maps or tests codes", () => {
    const error = new GatehouseApiError(404, answer("USER_NOT_FOUND"));
    // @ts-expect-error USER_NOT_FUOND is no known-error code
    expect(error.code === "USER_NOT_FUOND").toBe(false);
    // @ts-expect-error USER_NOT_FUOND is no known-error code
    expect(isKnownError(error, "USER_NOT_FUOND")).toBe(false);
    const words: { [C in KnownErrorCode]?: string } = {
      USER_NOT_FOUND: "No such user.",
      // @ts-expect-error USER_NOT_FUOND is no known-error code
      USER_NOT_FUOND: "No such user.",
    };
    expect(Object.keys(words)).toHaveLength(2);
    // Each operation's codes are its own: signing in with a password never answers TEAM_NOT_FOUND.
    const signInRefusal: OperationErrorCodes["signInWithPassword"] = "EMAIL_PASSWORD_MISMATCH";
    // @ts-expect-error TEAM_NOT_FOUND is no code of signInWithPassword
    const notASignInRefusal: OperationErrorCodes["signInWithPassword"] = "TEAM_NOT_FOUND";
    expect([signInRefusal, notASignInRefusal]).toHaveLength(2);
  });
});
