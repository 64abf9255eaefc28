import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { apiKeyDigest, apiKeyMatchesDigest, createApiKeyValue, parseApiKeyValue } from "./api-key-format";

const ID = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";

describe("API key format", () => {
  it("uses the standard CRC-32 (the check value of '123456789' is cbf43926)", () => {
    expect(crc32(Buffer.from("123456789")).toString(16)).toBe("cbf43926");
  });

  it("builds prefix, 45-character secret, id, type, scanner flag, marker and checksum, and parses them back", () => {
    const value = createApiKeyValue({ id: ID, type: "team", isPublic: false });
    expect(value).toHaveLength(3 + 45 + 32 + 4 + 1 + 9 + 8);
    expect(value).toMatch(/^sk_[0-9a-z]{45}3f0c7a521c7e4a8e9d590b8f4d3e2a11team1574ck4u7h[0-9a-f]{8}$/);
    expect(value.slice(-8)).toBe(crc32(Buffer.from(value.slice(0, -8))).toString(16).padStart(8, "0"));
    expect(parseApiKeyValue(value)).toEqual({ id: ID, type: "team", isPublic: false });
    expect(parseApiKeyValue(createApiKeyValue({ id: ID, type: "user", isPublic: true }))).toEqual({ id: ID, type: "user", isPublic: true });
  });

  it("rejects a changed character through the checksum, and other strings", () => {
    const value = createApiKeyValue({ id: ID, type: "user", isPublic: false });
    const changed = value.slice(0, 10) + (value[10] === "a" ? "b" : "a") + value.slice(11);
    expect(parseApiKeyValue(changed)).toBeNull();
    expect(parseApiKeyValue("sk_short")).toBeNull();
    expect(parseApiKeyValue(value + "0")).toBeNull();
  });

  it("matches a key against its digest only", () => {
    const value = createApiKeyValue({ id: ID, type: "user", isPublic: false });
    const other = createApiKeyValue({ id: ID, type: "user", isPublic: false });
    expect(apiKeyMatchesDigest(value, apiKeyDigest(value))).toBe(true);
    expect(apiKeyMatchesDigest(other, apiKeyDigest(value))).toBe(false);
    expect(apiKeyMatchesDigest(value, "abc")).toBe(false);
  });
});
