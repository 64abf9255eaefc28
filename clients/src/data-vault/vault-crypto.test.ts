import { decryptValue, encryptValue, hashKey } from "@stackframe/stack-shared/dist/helpers/vault/client-side";
import { describe, expect, it } from "vitest";
import { decryptVaultValue, encryptVaultValue, hashVaultKey, VaultDecryptionError } from "./vault-crypto";

const SECRET = "the app's vault secret";

describe("data vault encryption", () => {
  it("round-trips a value, with a fresh salt and IV every time", async () => {
    const first = await encryptVaultValue(SECRET, "token", "ghp_value ✓");
    const second = await encryptVaultValue(SECRET, "token", "ghp_value ✓");
    expect(first).not.toBe(second);
    expect(await decryptVaultValue(SECRET, "token", first)).toBe("ghp_value ✓");
    expect(atob(first).length).toBe(2 + 16 + 12 + new TextEncoder().encode("ghp_value ✓").length + 16);
  });

  it("refuses another secret, another key, and any tampered byte", async () => {
    const stored = await encryptVaultValue(SECRET, "token", "value");
    await expect(decryptVaultValue("another secret", "token", stored)).rejects.toBeInstanceOf(VaultDecryptionError);
    await expect(decryptVaultValue(SECRET, "other-key", stored)).rejects.toBeInstanceOf(VaultDecryptionError);
    const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    for (const index of [0, 5, 20, bytes.length - 1]) {
      const tampered = bytes.slice();
      tampered[index]! ^= 1;
      await expect(decryptVaultValue(SECRET, "token", btoa(String.fromCharCode(...tampered)))).rejects.toBeInstanceOf(VaultDecryptionError);
    }
    await expect(decryptVaultValue(SECRET, "token", "not base64!")).rejects.toBeInstanceOf(VaultDecryptionError);
  });

  it("hashes keys as the Stack SDK does, and reads and writes values the SDK's helper can", async () => {
    expect(await hashVaultKey(SECRET, "token")).toBe(await hashKey(SECRET, "token"));
    expect(await hashVaultKey(SECRET, "token")).not.toBe(await hashVaultKey("another secret", "token"));
    expect(await decryptValue(SECRET, "token", await encryptVaultValue(SECRET, "token", "from gatehouse"))).toBe("from gatehouse");
    expect(await decryptVaultValue(SECRET, "token", await encryptValue(SECRET, "token", "from the sdk"))).toBe("from the sdk");
  });
});
