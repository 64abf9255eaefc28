/**
 * Firebase Auth's `firebase auth:export users.json`: `{ "users": [...] }` with localId, email,
 * emailVerified, displayName, photoUrl, createdAt (milliseconds), passwordHash and salt
 * (base64), customAttributes (JSON text: custom claims, which only the server sets: client
 * read-only metadata) and providerUserInfo (its providers other than "password" become
 * OAuth accounts). The scrypt parameters are the project's, not the user's: the operator
 * passes them as Firebase's own `auth:import` takes them (--hash-key, --salt-separator,
 * --rounds, --mem-cost), and each hash is stored with them.
 */
import type { ImportedUser } from "../../../domain/imported-user";
import { formatFirebaseScrypt } from "../../../crypto/imported-password-hashes";
import { asObject, email, flag, jsonObject, RecordProblem, requiredText, text, time } from "./fields";
import { ourProvider } from "./oauth-providers";

export interface FirebaseScryptParameters {
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

export function firebaseRecord(value: unknown, scrypt: FirebaseScryptParameters | undefined): { user: ImportedUser } {
  const record = asObject(value);
  const hash = text(record, "passwordHash");
  if (hash && !scrypt) throw new RecordProblem("has a password hash, but the project's scrypt parameters were not given (--hash-key, --salt-separator, --rounds, --mem-cost)");
  const providers = Array.isArray(record.providerUserInfo) ? record.providerUserInfo.map((entry) => asObject(entry, "providerUserInfo entry")) : [];
  return {
    user: {
      sourceId: requiredText(record, "localId"),
      email: email(text(record, "email")),
      emailVerified: flag(record, "emailVerified"),
      displayName: text(record, "displayName"),
      profileImageUrl: text(record, "photoUrl"),
      passwordHash: hash && scrypt ? formatFirebaseScrypt(scrypt, text(record, "salt") ?? "", hash) : undefined,
      clientReadOnlyMetadata: jsonObject(record, "customAttributes"),
      signedUpAt: time(record, "createdAt"),
      oauthAccounts: providers
        .filter((provider) => !["password", "phone"].includes(text(provider, "providerId") ?? ""))
        .map((provider) => ({ provider: ourProvider(requiredText(provider, "providerId")), accountId: requiredText(provider, "rawId"), email: text(provider, "email") })),
      memberships: [],
    },
  };
}
