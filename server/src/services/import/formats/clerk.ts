/**
 * Clerk: the dashboard's CSV export (id, first_name, last_name, username,
 * primary_email_address, verified_email_addresses, unverified_email_addresses,
 * password_digest, password_hasher, ...; lists separated by "|" or ","), and a JSON array of
 * Backend API users (the CLI's export: email_addresses with verification status,
 * primary_email_address_id, public / private / unsafe metadata, external_accounts,
 * created_at in milliseconds, and organization_memberships when present, which become teams).
 * Clerk's metadata maps as its meaning does: unsafe (the user writes it) to client metadata,
 * public (the user reads it) to client read-only, private to server metadata.
 */
import type { ImportedUser } from "../../../domain/imported-user";
import { asObject, email, joinName, RecordProblem, requiredText, text, time, jsonObject, type Fields } from "./fields";
import { ourProvider } from "./oauth-providers";

function list(record: Fields, key: string): string[] {
  const value = text(record, key);
  return value ? value.split(/[|,]/).map((entry) => entry.trim().toLowerCase()).filter(Boolean) : [];
}

function fromCsv(row: Fields): ImportedUser {
  const hasher = text(row, "password_hasher");
  const digest = text(row, "password_digest");
  if (digest && hasher && !["bcrypt", "argon2i", "argon2id"].includes(hasher)) {
    throw new RecordProblem(`password_hasher ${hasher} is not supported (bcrypt and argon2 are)`);
  }
  const primary = email(text(row, "primary_email_address"), "primary_email_address");
  return {
    sourceId: requiredText(row, "id"),
    email: primary,
    emailVerified: primary !== undefined && list(row, "verified_email_addresses").includes(primary),
    displayName: joinName(text(row, "first_name"), text(row, "last_name")) ?? text(row, "username"),
    passwordHash: digest,
    oauthAccounts: [],
    memberships: [],
  };
}

function fromApi(user: Fields): ImportedUser {
  const addresses = Array.isArray(user.email_addresses) ? user.email_addresses.map((entry) => asObject(entry, "email_addresses entry")) : [];
  const primaryId = text(user, "primary_email_address_id");
  const primary = addresses.find((address) => text(address, "id") === primaryId) ?? addresses[0];
  const verification = primary && typeof primary.verification === "object" && primary.verification ? (primary.verification as Fields) : undefined;
  const accounts = Array.isArray(user.external_accounts) ? user.external_accounts.map((entry) => asObject(entry, "external_accounts entry")) : [];
  const memberships = Array.isArray(user.organization_memberships) ? user.organization_memberships.map((entry) => asObject(entry, "organization_memberships entry")) : [];
  return {
    sourceId: requiredText(user, "id"),
    email: primary ? email(text(primary, "email_address"), "email_address") : undefined,
    emailVerified: verification ? text(verification, "status") === "verified" : false,
    displayName: joinName(text(user, "first_name"), text(user, "last_name")) ?? text(user, "username"),
    profileImageUrl: text(user, "image_url"),
    passwordHash: text(user, "password_digest"),
    clientMetadata: jsonObject(user, "unsafe_metadata"),
    clientReadOnlyMetadata: jsonObject(user, "public_metadata"),
    serverMetadata: jsonObject(user, "private_metadata"),
    signedUpAt: time(user, "created_at"),
    oauthAccounts: accounts.map((account) => ({
      provider: ourProvider(requiredText(account, "provider")),
      accountId: text(account, "provider_user_id") ?? requiredText(account, "external_id"),
      email: text(account, "email_address"),
    })),
    memberships: memberships.map((membership) => {
      const org = asObject(membership.organization, "organization");
      return { sourceTeamId: requiredText(org, "id"), teamDisplayName: text(org, "name") };
    }),
  };
}

export function clerkRecord(value: unknown): { user: ImportedUser } {
  const record = asObject(value);
  return { user: "email_addresses" in record ? fromApi(record) : fromCsv(record) };
}
