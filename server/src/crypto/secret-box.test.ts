import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box";

const SECRET = "a-server-secret-of-at-least-thirty-two-chars";

describe("secret box", () => {
  it("opens what it sealed, with a fresh IV each time", () => {
    const box = createSecretBox(SECRET, "purpose");
    const a = box.seal("hello");
    const b = box.seal("hello");
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe("hello");
    expect(a).not.toContain("hello");
  });

  it("refuses tampered ciphertext", () => {
    const box = createSecretBox(SECRET, "purpose");
    const sealed = box.seal("hello");
    const [version, iv, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open(`${version}.${iv}.${flipped.toString("base64url")}`)).toThrow();
  });

  it("cannot open another purpose's or another secret's ciphertext", () => {
    const sealed = createSecretBox(SECRET, "signing-keys").seal("hello");
    expect(() => createSecretBox(SECRET, "totp").open(sealed)).toThrow();
    expect(() => createSecretBox(`${SECRET}!`, "signing-keys").open(sealed)).toThrow();
  });
});
