import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, type AuditEvent } from "../../domain/audit-events";
import { MAX_DATE_MILLIS } from "../../http/schemas";
import type { AuditLogQuery } from "../../services/audit-log/search";
import { toAuditEventWire } from "../../services/audit-log/wire";

export const MAX_AUDIT_PAGE = 200;
export const DEFAULT_AUDIT_PAGE = 50;

const AuditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  id: z.string().nullable().openapi({ description: "The user (for `admin`, a user of the internal project), or null for a key or Gatehouse itself." }),
});

export const AuditEventSchema = z
  .object({
    id: z.string(),
    seq: z.number().int().openapi({ description: "The event's place in the project branch's hash chain." }),
    created_at_millis: z.number().int(),
    action: z.enum(AUDIT_ACTIONS),
    actor: AuditActorSchema,
    target: z.object({ type: z.string(), id: z.string() }).nullable(),
    team_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    prev_hash: z.string().openapi({ description: "SHA-256 (hex) of the previous event." }),
    hash: z.string().openapi({ description: "SHA-256 (hex) over this event's canonical form and prev_hash." }),
  })
  .openapi("AuditEvent");

export const AuditEventListSchema = z
  .object({
    items: z.array(AuditEventSchema),
    is_paginated: z.literal(true),
    pagination: z.object({ next_cursor: z.string().nullable() }),
  })
  .openapi("AuditEventList");

export const AuditVerificationSchema = z
  .object({
    valid: z.boolean(),
    checked_events: z.number().int(),
    checkpoint_seq: z.number().int().openapi({ description: "Where verification started: the last event retention deleted (0 when none)." }),
    last_seq: z.number().int(),
    first_broken: z
      .object({
        seq: z.number().int(),
        event_id: z.string().nullable(),
        reason: z.enum(["changed", "missing", "link_broken", "truncated"]),
      })
      .nullable(),
  })
  .openapi("AuditVerification");

const millis = (description: string) => z.coerce.number().int().min(0).max(MAX_DATE_MILLIS).optional().openapi({ description });

/** The filters every read shares; the routes that fix a user or team leave theirs out. */
export const AuditFilterQuery = z.object({
  action: z.string().max(100).optional().openapi({ description: "Only this action (e.g. `auth.sign_in.failed`)." }),
  action_prefix: z
    .string()
    .max(100)
    .regex(/^[a-z_.]*$/, "lower-case letters, `_` and `.` only")
    .optional()
    .openapi({ description: "Only actions starting with this (e.g. `auth.` or `scim.user`)." }),
  from_millis: millis("Only events at or after this time (ms since the epoch)."),
  to_millis: millis("Only events at or before this time."),
});

export const AuditPageQuery = z.object({
  cursor: z.string().max(20).optional().openapi({ description: "The `next_cursor` of the previous page." }),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_PAGE).optional().openapi({ description: `1 to ${MAX_AUDIT_PAGE}; default ${DEFAULT_AUDIT_PAGE}.` }),
});

export const AuditSubjectQuery = z.object({
  user_id: z.string().min(1).max(128).optional().openapi({ description: "Only events where this user is the actor or the target." }),
  team_id: z.string().min(1).max(128).optional().openapi({ description: "Only events of this team." }),
});

export function toAuditQuery(query: z.infer<typeof AuditFilterQuery> & Partial<z.infer<typeof AuditSubjectQuery>>): AuditLogQuery {
  return {
    userId: query.user_id,
    teamId: query.team_id,
    action: query.action || undefined,
    actionPrefix: query.action_prefix || undefined,
    fromMillis: query.from_millis,
    toMillis: query.to_millis,
  };
}

export const pageWire = (page: { items: AuditEvent[]; nextCursor: string | null }) => ({
  items: page.items.map(toAuditEventWire),
  is_paginated: true as const,
  pagination: { next_cursor: page.nextCursor },
});
