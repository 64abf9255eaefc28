/**
 * Stack Auth's shapes, which are ours too: one JSON object per line, `{"type":"team", ...}`
 * for a team as GET /teams answers it and `{"type":"user", ...}` for a user as GET /users
 * answers it on the server, plus `password_hash` and `team_ids`. Teams come first in a file
 * `gatehouse export` writes; a user may also name a team that no line describes.
 */
import type { ImportedTeam, ImportedUser } from "../../../domain/imported-user";
import { asObject, email, flag, jsonObject, RecordProblem, requiredText, text, time, type Fields } from "./fields";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keptId(record: Fields): string | undefined {
  const id = text(record, "id");
  return id && UUID.test(id) ? id.toLowerCase() : undefined;
}

function metadata(record: Fields) {
  return {
    clientMetadata: jsonObject(record, "client_metadata"),
    clientReadOnlyMetadata: jsonObject(record, "client_read_only_metadata"),
    serverMetadata: jsonObject(record, "server_metadata"),
  };
}

export function stackRecord(value: unknown): { user: ImportedUser } | { team: ImportedTeam } {
  const record = asObject(value);
  const type = record.type ?? "user";
  if (type === "team") {
    return {
      team: {
        sourceId: requiredText(record, "id"),
        id: keptId(record),
        displayName: requiredText(record, "display_name"),
        profileImageUrl: text(record, "profile_image_url"),
        ...metadata(record),
        createdAt: time(record, "created_at_millis"),
      },
    };
  }
  if (type !== "user") throw new RecordProblem(`type must be "user" or "team", not ${JSON.stringify(type)}`);
  const oauth = Array.isArray(record.oauth_providers) ? record.oauth_providers : [];
  const teamIds = Array.isArray(record.team_ids) ? record.team_ids : [];
  return {
    user: {
      sourceId: requiredText(record, "id"),
      id: keptId(record),
      email: email(text(record, "primary_email"), "primary_email"),
      emailVerified: flag(record, "primary_email_verified"),
      displayName: text(record, "display_name"),
      profileImageUrl: text(record, "profile_image_url"),
      passwordHash: text(record, "password_hash"),
      ...metadata(record),
      signedUpAt: time(record, "signed_up_at_millis"),
      oauthAccounts: oauth.map((entry) => {
        const account = asObject(entry, "oauth_providers entry");
        return { provider: requiredText(account, "id"), accountId: requiredText(account, "account_id"), email: text(account, "email") };
      }),
      memberships: teamIds.map((teamId) => {
        if (typeof teamId !== "string") throw new RecordProblem("team_ids holds something other than a team id");
        return { sourceTeamId: teamId, teamId: UUID.test(teamId) ? teamId.toLowerCase() : undefined };
      }),
    },
  };
}
