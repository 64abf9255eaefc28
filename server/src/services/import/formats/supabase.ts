/**
 * Supabase Auth's `auth.users` rows, as JSON (an array of rows, or one per line) or as CSV
 * with a header (psql's `\copy ... csv header`, or the table editor's export). The columns
 * read: id, email, encrypted_password (bcrypt), email_confirmed_at, raw_user_meta_data
 * (which the user can change: client metadata), raw_app_meta_data (which only the server
 * sets: client read-only metadata), created_at, is_anonymous, deleted_at. Anonymous and
 * deleted users are skipped with a reason; provider accounts live in auth.identities, which
 * is not read.
 */
import type { ImportedUser } from "../../../domain/imported-user";
import { asObject, email, flag, jsonObject, RecordProblem, requiredText, text, time } from "./fields";

export function supabaseRecord(value: unknown): { user: ImportedUser } {
  const row = asObject(value);
  if (flag(row, "is_anonymous")) throw new RecordProblem("anonymous user (not imported)");
  if (text(row, "deleted_at")) throw new RecordProblem("deleted user (not imported)");
  const userMeta = jsonObject(row, "raw_user_meta_data");
  const name = userMeta && (typeof userMeta.full_name === "string" ? userMeta.full_name : typeof userMeta.name === "string" ? userMeta.name : undefined);
  const picture = userMeta && (typeof userMeta.avatar_url === "string" ? userMeta.avatar_url : undefined);
  return {
    user: {
      sourceId: requiredText(row, "id"),
      email: email(text(row, "email")),
      emailVerified: Boolean(text(row, "email_confirmed_at")),
      displayName: name || undefined,
      profileImageUrl: picture,
      passwordHash: text(row, "encrypted_password"),
      clientMetadata: userMeta,
      clientReadOnlyMetadata: jsonObject(row, "raw_app_meta_data"),
      signedUpAt: time(row, "created_at"),
      oauthAccounts: [],
      memberships: [],
    },
  };
}
