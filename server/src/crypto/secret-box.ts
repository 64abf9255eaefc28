/**
 * Encryption at rest for secrets the server must read back (signing keys, TOTP secrets,
 * provider tokens). AES-256-GCM with a fresh 12-byte IV per message; the key for each
 * purpose is derived from the server secret with HKDF, so one leaked ciphertext purpose
 * never decrypts another. The purpose is also bound as associated data.
 * Format: `v1.<iv>.<ciphertext+tag>`, both base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "gatehouse-secret-box", purpose, 32));
  const aad = Buffer.from(purpose, "utf8");

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString("base64url")}.${body.toString("base64url")}`;
    },
    open(sealed) {
      const [version, ivPart, bodyPart] = sealed.split(".");
      if (version !== "v1" || !ivPart || !bodyPart) throw new Error("Unrecognised sealed secret format");
      const body = Buffer.from(bodyPart, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(ivPart, "base64url"));
      decipher.setAAD(aad);
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
    },
  };
}
