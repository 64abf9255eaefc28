/**
 * The tables an analytics query may read, with Stack Auth's names and columns, and what each
 * is over PostgreSQL: a SELECT of chosen columns from one of our tables, already filtered to
 * the asking project and branch ($1 and $2 of the translated statement). Nothing else in the
 * database can be named by a query: these definitions are the whole of what it sees, so a
 * column left out here (a password hash, a code hash, a sealed subject) cannot be read.
 *
 * Booleans are integers 0/1 and ids are text, as in ClickHouse's views; metadata is JSON text.
 */

export interface VirtualTable {
  name: string;
  columns: readonly string[];
  /** The body of the scoped subquery: `SELECT <columns> FROM ... WHERE <scoped to $1, $2>`. */
  sql: string;
}

const scoped = (alias: string) => `${alias}.project_id = $1 AND ${alias}.branch_id = $2`;
const flag = (expr: string) => `(${expr})::int`;

function table(name: string, columns: Record<string, string>, from: string, where: string): VirtualTable {
  const list = Object.entries(columns)
    .map(([column, expr]) => `${expr} AS ${column}`)
    .join(", ");
  return { name, columns: Object.keys(columns), sql: `SELECT ${list} FROM ${from} WHERE ${where}` };
}

const tenancyColumns = (alias: string) => ({ project_id: `${alias}.project_id`, branch_id: `${alias}.branch_id` });

const TABLES: VirtualTable[] = [
  table(
    "connected_accounts",
    {
      ...tenancyColumns("a"),
      user_id: "a.user_id::text",
      provider: "a.provider_config_id",
      provider_account_id: "a.account_id",
      created_at: "a.created_at",
    },
    "oauth_accounts a",
    scoped("a"),
  ),
  table(
    "contact_channels",
    {
      ...tenancyColumns("c"),
      id: "c.id::text",
      user_id: "c.user_id::text",
      type: "c.type",
      value: "c.value",
      is_primary: flag("c.is_primary"),
      is_verified: flag("c.is_verified"),
      used_for_auth: flag("c.used_for_auth"),
      created_at: "c.created_at",
    },
    "contact_channels c",
    scoped("c"),
  ),
  table(
    "email_outboxes",
    {
      ...tenancyColumns("o"),
      id: "o.id::text",
      status: "o.status",
      created_with: "coalesce(o.source_kind, 'html')",
      email_draft_id: "o.draft_id",
      notification_category_id: "o.notification_category_id",
      is_high_priority: flag("o.priority > 0"),
      // Subjects and bodies are sealed at rest; they are not analytics data.
      rendered_at: "o.rendered_at",
      scheduled_at: "coalesce(o.scheduled_at, o.created_at)",
      created_at: "o.created_at",
      updated_at: "o.updated_at",
      started_sending_at: "o.started_sending_at",
      delivered_at: "CASE WHEN o.status = 'sent' THEN o.finished_at END",
      send_retries: "o.attempts",
      is_paused: flag("o.paused"),
    },
    "email_outbox o",
    scoped("o"),
  ),
  table(
    "events",
    {
      event_type: "e.event_type",
      event_at: "e.event_at",
      data: "e.data",
      ...tenancyColumns("e"),
      user_id: "e.user_id",
      team_id: "e.team_id",
      refresh_token_id: "e.refresh_token_id",
      session_replay_id: "e.session_replay_id",
      session_replay_segment_id: "e.session_replay_segment_id",
      created_at: "e.created_at",
    },
    "analytics_events e",
    scoped("e"),
  ),
  table(
    "notification_preferences",
    {
      ...tenancyColumns("n"),
      user_id: "n.user_id::text",
      notification_category_id: "n.category_id::text",
      enabled: flag("n.enabled"),
    },
    "notification_preferences n",
    scoped("n"),
  ),
  table(
    "project_permissions",
    { ...tenancyColumns("g"), user_id: "g.user_id::text", id: "g.permission_id", created_at: "g.created_at" },
    "permission_grants g",
    `${scoped("g")} AND g.scope = 'project'`,
  ),
  table(
    "refresh_tokens",
    {
      ...tenancyColumns("s"),
      id: "s.id::text",
      user_id: "s.user_id::text",
      created_at: "s.created_at",
      last_used_at: "s.last_used_at",
      is_impersonation: flag("s.is_impersonation"),
      expires_at: "s.expires_at",
    },
    "sessions s",
    scoped("s"),
  ),
  table(
    "team_invitations",
    {
      ...tenancyColumns("v"),
      id: "v.id::text",
      team_id: "v.team_id::text",
      team_display_name: "t.display_name",
      recipient_email: "v.email",
      expires_at_millis: "(extract(epoch FROM v.expires_at) * 1000)::bigint",
      created_at: "v.created_at",
    },
    "verification_codes v JOIN teams t ON t.project_id = v.project_id AND t.branch_id = v.branch_id AND t.id = v.team_id",
    `${scoped("v")} AND v.purpose = 'team_invitation' AND v.used_at IS NULL`,
  ),
  table(
    "team_member_profiles",
    {
      ...tenancyColumns("m"),
      team_id: "m.team_id::text",
      user_id: "m.user_id::text",
      display_name: "m.display_name",
      profile_image_url: "m.profile_image_url",
      created_at: "m.created_at",
    },
    "team_members m",
    scoped("m"),
  ),
  table(
    "team_permissions",
    {
      ...tenancyColumns("g"),
      team_id: "g.team_id::text",
      user_id: "g.user_id::text",
      id: "g.permission_id",
      created_at: "g.created_at",
    },
    "permission_grants g",
    `${scoped("g")} AND g.scope = 'team'`,
  ),
  table(
    "teams",
    {
      ...tenancyColumns("t"),
      id: "t.id::text",
      display_name: "t.display_name",
      profile_image_url: "t.profile_image_url",
      created_at: "t.created_at",
      client_metadata: "coalesce(t.client_metadata::text, '{}')",
      client_read_only_metadata: "coalesce(t.client_read_only_metadata::text, '{}')",
      server_metadata: "coalesce(t.server_metadata::text, '{}')",
    },
    "teams t",
    scoped("t"),
  ),
  table(
    "users",
    {
      ...tenancyColumns("u"),
      id: "u.id::text",
      display_name: "u.display_name",
      profile_image_url: "u.profile_image_url",
      primary_email: "pe.value",
      primary_email_verified: "coalesce(pe.is_verified, false)::int",
      signed_up_at: "u.signed_up_at",
      client_metadata: "coalesce(u.client_metadata::text, '{}')",
      client_read_only_metadata: "coalesce(u.client_read_only_metadata::text, '{}')",
      server_metadata: "coalesce(u.server_metadata::text, '{}')",
      is_anonymous: flag("u.is_anonymous"),
      restricted_by_admin: flag("u.restricted_by_admin"),
      restricted_by_admin_reason: "u.restricted_by_admin_reason",
      restricted_by_admin_private_details: "u.restricted_by_admin_private_details",
    },
    `users u LEFT JOIN contact_channels pe ON pe.project_id = u.project_id AND pe.branch_id = u.branch_id
       AND pe.user_id = u.id AND pe.type = 'email' AND pe.is_primary`,
    scoped("u"),
  ),
];

const BY_NAME = new Map(TABLES.map((t) => [t.name, t]));

/** The readable tables, by the names a query uses (with or without the `default.` database). */
export function findVirtualTable(name: string): VirtualTable | undefined {
  return BY_NAME.get(name);
}

export const VIRTUAL_TABLE_NAMES: readonly string[] = TABLES.map((t) => t.name).sort();

/** The one database a query sees, as ClickHouse's `currentDatabase()` names it. */
export const ANALYTICS_DATABASE = "default";
