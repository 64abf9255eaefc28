/**
 * Recording webhook events. Each is written to the outbox inside the transaction of the change
 * that caused it, so a change that rolls back sends nothing and one that commits is sent even
 * if the process dies the next moment. A project without an endpoint that takes the event
 * pays nothing: no read, no write.
 */
import { newId, randomBase62 } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { findUser } from "../../db/queries/users";
import { insertDeliveries } from "../../db/queries/webhooks";
import type { ProjectConfig, WebhookEndpointConfig } from "../project-config/document";
import type { Team } from "../../domain/teams";
import type { Tenancy } from "../projects/tenancy";
import { toServerTeam, toServerUser } from "../users/read-shapes";
import { restrictionRules } from "../users/restriction";

/** The events of CONTRACT "Webhooks"; payloads are the server read shapes. */
export const WEBHOOK_EVENT_TYPES = [
  "user.created",
  "user.updated",
  "user.deleted",
  "team.created",
  "team.updated",
  "team.deleted",
  "team_membership.created",
  "team_membership.deleted",
  "team_permission.created",
  "team_permission.deleted",
  "project_permission.created",
  "project_permission.deleted",
  // Gatehouse's own: every audit log event as it is recorded (services/audit-log/record.ts).
  "audit_event.created",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event names an endpoint's `events` record holds (`{user: {created: true}}` is `user.created`). */
export function eventNames(events: WebhookEndpointConfig["events"]): string[] {
  return Object.entries(events ?? {}).flatMap(([entity, actions]) => Object.keys(actions).map((action) => `${entity}.${action}`));
}

/** The `events` record for a list of event names. */
export function eventsRecord(names: readonly string[]): Record<string, Record<string, true>> {
  const record: Record<string, Record<string, true>> = {};
  for (const name of names) {
    const [entity, action] = name.split(".") as [string, string];
    (record[entity] ??= {})[action] = true;
  }
  return record;
}

/**
 * Events an endpoint gets only by naming them: audit events are many, and an endpoint set up
 * before they existed, with no event list, should not start receiving them.
 */
const OPT_IN_EVENT_TYPES: readonly string[] = ["audit_event.created"];

/** The ids of the endpoints that take `type`: enabled, with a URL, and no event list (unless opt-in) or one naming it. */
export function endpointsTaking(config: ProjectConfig, type: string): string[] {
  return Object.entries(config.webhooks.endpoints)
    .filter(([, endpoint]) => {
      if (endpoint.enabled === false || !endpoint.url) return false;
      const events = eventNames(endpoint.events);
      return events.length === 0 ? !OPT_IN_EVENT_TYPES.includes(type) : events.includes(type);
    })
    .map(([id]) => id);
}

/**
 * A new webhook-id: what receivers de-duplicate by, the same on every try and every endpoint.
 * Shaped as Svix's message ids (`msg_` and 27 base62 characters, about 160 random bits), which
 * the Svix-compatible API serves them as.
 */
export const newMessageId = () => `msg_${randomBase62(27)}`;

/**
 * Writes the event to the outbox of every endpoint that takes it. `data` is computed only
 * when some endpoint does.
 */
export async function recordWebhookEvent(
  q: Queryable,
  tenancy: Tenancy,
  type: WebhookEventType,
  data: () => unknown | Promise<unknown>,
): Promise<void> {
  const endpointIds = endpointsTaking(tenancy.config, type);
  if (endpointIds.length === 0) return;
  const body = JSON.stringify({ type, data: await data() });
  const messageId = newMessageId();
  await insertDeliveries(
    q,
    tenancy,
    endpointIds.map((endpointId) => ({ id: newId(), messageId, endpointId, eventType: type, body })),
  );
}

/** user.created or user.updated, with the user as it stands in the transaction. */
export function recordUserEvent(q: Queryable, tenancy: Tenancy, type: "user.created" | "user.updated", userId: string): Promise<void> {
  return recordWebhookEvent(q, tenancy, type, async () => {
    const user = await findUser(q, tenancy, userId);
    return user && toServerUser(user, restrictionRules(tenancy.config));
  });
}

export function recordTeamEvent(q: Queryable, tenancy: Tenancy, type: "team.created" | "team.updated", team: Team): Promise<void> {
  return recordWebhookEvent(q, tenancy, type, () => toServerTeam(team));
}

export function recordMembershipEvent(
  q: Queryable,
  tenancy: Tenancy,
  type: "team_membership.created" | "team_membership.deleted",
  membership: { teamId: string; userId: string },
): Promise<void> {
  return recordWebhookEvent(q, tenancy, type, () => ({ team_id: membership.teamId, user_id: membership.userId }));
}

/** team_permission.* carries {id, user_id, team_id}; project_permission.* carries {id, user_id}. */
export function recordPermissionEvent(
  q: Queryable,
  tenancy: Tenancy,
  scope: "team" | "project",
  change: "created" | "deleted",
  grant: { teamId: string | null; userId: string; permissionId: string },
): Promise<void> {
  if (scope === "team") {
    return recordWebhookEvent(q, tenancy, `team_permission.${change}`, () => ({ id: grant.permissionId, user_id: grant.userId, team_id: grant.teamId }));
  }
  return recordWebhookEvent(q, tenancy, `project_permission.${change}`, () => ({ id: grant.permissionId, user_id: grant.userId }));
}
