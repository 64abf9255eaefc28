/**
 * Auth0: the bulk-import file (a JSON array of users) and the bulk-export job's file (one
 * JSON user per line), which share field names: user_id, email, email_verified, name,
 * given_name, family_name, nickname, picture, user_metadata (the user's own: client
 * metadata), app_metadata (the application's: server metadata), created_at, identities
 * (social ones become OAuth accounts) and the password as `password_hash` (bcrypt), as
 * `custom_password_hash` ({ algorithm, hash: { value, encoding } }: bcrypt, argon2 and
 * pbkdf2 in the PHC form), or as `passwordHash` in the export Auth0 support hands out.
 * Organisations, when a record carries `organizations` ([{ id, name }]), become teams.
 */
import type { ImportedUser } from "../../../domain/imported-user";
import { asObject, email, flag, jsonObject, joinName, RecordProblem, requiredText, text, time, type Fields } from "./fields";
import { ourProvider } from "./oauth-providers";

function customHash(record: Fields): string | undefined {
  const custom = jsonObject(record, "custom_password_hash");
  if (!custom) return undefined;
  const algorithm = requiredText(custom, "algorithm");
  const hash = asObject(custom.hash, "custom_password_hash.hash");
  const value = requiredText(hash, "value");
  const encoding = text(hash, "encoding") ?? "utf8";
  if (!["bcrypt", "argon2", "pbkdf2"].includes(algorithm)) throw new RecordProblem(`custom_password_hash algorithm ${algorithm} is not supported (bcrypt, argon2 and pbkdf2 are)`);
  if (encoding !== "utf8") throw new RecordProblem(`custom_password_hash of ${algorithm} must have hash.encoding utf8`);
  return value;
}

export function auth0Record(value: unknown): { user: ImportedUser } {
  const record = asObject(value);
  const identities = Array.isArray(record.identities) ? record.identities.map((entry) => asObject(entry, "identities entry")) : [];
  const organizations = Array.isArray(record.organizations) ? record.organizations.map((entry) => asObject(entry, "organizations entry")) : [];
  const oid = typeof record._id === "object" && record._id !== null ? text(record._id as Fields, "$oid") : text(record, "_id");
  const passwordHash = text(record, "password_hash") ?? text(record, "passwordHash") ?? customHash(record);
  return {
    user: {
      sourceId: text(record, "user_id") ?? oid ?? requiredText(record, "email"),
      email: email(text(record, "email")),
      emailVerified: flag(record, "email_verified"),
      displayName: text(record, "name") ?? joinName(text(record, "given_name"), text(record, "family_name")) ?? text(record, "nickname"),
      profileImageUrl: text(record, "picture"),
      passwordHash,
      clientMetadata: jsonObject(record, "user_metadata"),
      serverMetadata: jsonObject(record, "app_metadata"),
      signedUpAt: time(record, "created_at"),
      oauthAccounts: identities
        .filter((identity) => identity.isSocial === true)
        .map((identity) => ({ provider: ourProvider(requiredText(identity, "provider")), accountId: requiredText(identity, "user_id") })),
      memberships: organizations.map((org) => ({ sourceTeamId: requiredText(org, "id"), teamDisplayName: text(org, "name") ?? text(org, "display_name") })),
    },
  };
}
