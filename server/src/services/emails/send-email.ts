/**
 * POST /emails/send-email: a project's own mail to its users. Nothing is rendered or sent in
 * the request: each recipient gets an outbox row (its source sealed) that the workers render
 * and send (queue.ts), at once, at `scheduled_at`, or at the slot the project's capacity
 * gives it. Users without a primary e-mail and users who turned the category off are
 * reported in the results and get no row.
 */
import { newId } from "../../crypto/random";
import { findEmailDraft } from "../../db/queries/email-drafts";
import { findRecipients, listAllRecipients, markDraftSent, type Recipient } from "../../db/queries/email-recipients";
import { insertQueuedEmails, notifyOutbox, type QueuedEmail } from "../../db/queries/email-outbox";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import { takeSlots } from "./capacity";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "./notification-preferences";
import { smtpServerFor } from "./queue";
import { findTemplate } from "./rendering/render-email";
import { sealSource, type EmailSource } from "./sources";

export type SendContent = { kind: "html"; html: string } | { kind: "template"; templateId: string; variables: Record<string, unknown> } | { kind: "draft"; draftId: string };

export interface SendEmailInput {
  userIds?: string[];
  allUsers?: boolean;
  subject?: string;
  notificationCategoryName?: string;
  themeId?: string | false | null;
  isHighPriority?: boolean;
  scheduledAtMillis?: number;
  content: SendContent;
}

export type SendOutcome = "queued" | "scheduled" | "no_primary_email" | "opted_out";

export interface SendResult {
  userId: string;
  userEmail: string | null;
  outcome: SendOutcome;
  emailId: string | null;
  /** When the message goes (its scheduled time or its capacity slot); null when it was not queued. */
  sendAtMillis: number | null;
}

const INSERT_BATCH = 200;
const ALL_USERS_PAGE = 1_000;

/**
 * The send's category: the one named; else transactional for html, and for a template or
 * draft the one it declares, known once rendered (null here; the worker decides).
 */
function categoryOf(name: string | undefined, content: SendContent): NotificationCategory | null {
  if (name === undefined && content.kind !== "html") return null;
  const wanted = (name ?? "Transactional").toLowerCase();
  const category = NOTIFICATION_CATEGORIES.find((c) => c.name.toLowerCase() === wanted);
  if (!category) {
    const names = NOTIFICATION_CATEGORIES.map((c) => c.name).join(", ");
    throw new KnownError("SCHEMA_ERROR", { message: `notification_category_name: no category "${name}" (there are: ${names})` });
  }
  return category;
}

async function checkSource(deps: ServiceDeps, tenancy: Tenancy, content: SendContent): Promise<void> {
  if (content.kind === "template" && !findTemplate(tenancy, content.templateId)) {
    throw new KnownError("SCHEMA_ERROR", { message: `template_id: the project has no template ${content.templateId}` });
  }
  if (content.kind === "draft" && !(await findEmailDraft(deps.db, tenancy, content.draftId))) {
    throw new KnownError("SCHEMA_ERROR", { message: `draft_id: the project has no draft ${content.draftId}` });
  }
}

async function resolveRecipients(deps: ServiceDeps, tenancy: Tenancy, input: SendEmailInput, category: NotificationCategory | null): Promise<Recipient[]> {
  // Without a category yet, the choice read is the transactional one's (never stored): nobody is skipped here.
  const categoryId = (category ?? NOTIFICATION_CATEGORIES[0]!).id;
  if (input.allUsers) {
    const all: Recipient[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await listAllRecipients(deps.db, tenancy, categoryId, after, ALL_USERS_PAGE);
      all.push(...page);
      if (page.length < ALL_USERS_PAGE) return all;
      after = page[page.length - 1]!.userId;
    }
  }
  const ids = [...new Set(input.userIds ?? [])];
  const found = new Map((await findRecipients(deps.db, tenancy, ids, categoryId)).map((r) => [r.userId, r]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new KnownError("USER_ID_DOES_NOT_EXIST", { user_id: missing });
  return ids.map((id) => found.get(id)!);
}

/** Recipients sealed between two yields to the event loop (about 8 ms of work). */
const SEAL_RUN = 1_000;

export async function sendEmail(deps: ServiceDeps, tenancy: Tenancy, input: SendEmailInput): Promise<SendResult[]> {
  if ((input.userIds === undefined) === (input.allUsers !== true)) {
    throw new KnownError("SCHEMA_ERROR", { message: "give exactly one of user_ids and all_users" });
  }
  if (!smtpServerFor(deps, tenancy)) throw new KnownError("REQUIRES_CUSTOM_EMAIL_SERVER");
  const category = categoryOf(input.notificationCategoryName, input.content);
  await checkSource(deps, tenancy, input.content);
  const recipients = await resolveRecipients(deps, tenancy, input, category);

  const results: SendResult[] = [];
  const queued: Array<QueuedEmail & { source: string }> = [];
  for (const [index, r] of recipients.entries()) {
    // Sealing takes about 8 µs a recipient: for every user of a large project that is seconds,
    // so the loop lets other requests in between runs.
    if (index > 0 && index % SEAL_RUN === 0) await new Promise((resolve) => setImmediate(resolve));
    if (r.primaryEmail === null) {
      results.push({ userId: r.userId, userEmail: null, outcome: "no_primary_email", emailId: null, sendAtMillis: null });
    } else if (category?.canDisable && (r.categoryEnabled ?? category.defaultEnabled) === false) {
      results.push({ userId: r.userId, userEmail: r.primaryEmail, outcome: "opted_out", emailId: null, sendAtMillis: null });
    } else {
      const result: SendResult = { userId: r.userId, userEmail: r.primaryEmail, outcome: "queued", emailId: newId(), sendAtMillis: null };
      results.push(result);
      // Each row seals its own copy: one sealed value per row, never shared.
      const source: EmailSource = { ...input.content, subject: input.subject, themeId: input.themeId };
      queued.push({ id: result.emailId!, to: r.primaryEmail, userId: r.userId, dueAt: new Date(0), scheduledAt: null, source: sealSource(deps, source) });
    }
  }

  const now = Date.now();
  const earliest = Math.max(now, input.scheduledAtMillis ?? now);
  if (queued.length > 0) {
    await deps.db.transaction(async (tx) => {
      const slots = await takeSlots(deps, tx, tenancy, queued.length, earliest, now);
      queued.forEach((q, i) => {
        q.dueAt = new Date(slots[i]!);
        q.scheduledAt = input.scheduledAtMillis === undefined ? null : new Date(earliest);
      });
      const common = {
        purpose: "send_email",
        priority: input.isHighPriority ? 1 : 0,
        sourceKind: input.content.kind,
        notificationCategoryId: category?.id ?? null,
        draftId: input.content.kind === "draft" ? input.content.draftId : null,
      };
      for (let i = 0; i < queued.length; i += INSERT_BATCH) await insertQueuedEmails(tx, tenancy, common, queued.slice(i, i + INSERT_BATCH));
      if (input.content.kind === "draft") await markDraftSent(tx, tenancy, input.content.draftId);
      await notifyOutbox(tx);
    });
    const due = new Map(queued.map((q) => [q.id, q.dueAt.getTime()]));
    for (const result of results) {
      if (result.emailId === null) continue;
      result.sendAtMillis = due.get(result.emailId)!;
      result.outcome = result.sendAtMillis > now ? "scheduled" : "queued";
    }
  }
  return results;
}
