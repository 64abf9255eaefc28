/**
 * POST /emails/send-email: a project's own mail to its users. Nothing is rendered or sent in
 * the request: each recipient gets an outbox row (its source sealed: the template's TSX as it
 * is now, the theme, the variables) that the workers render and send (queue.ts), at once, at
 * `scheduled_at`, or at the slot the project's capacity gives it. Whether a user can get it
 * (still there, with a primary e-mail, not opted out of the category) is decided when it is
 * sent, as Stack Auth does: a user who cannot is shown skipped in the outbox, with the reason.
 */
import { newId } from "../../crypto/random";
import { findEmailDraft } from "../../db/queries/email-drafts";
import { findRecipients, listAllRecipients, markDraftSent, type Recipient } from "../../db/queries/email-recipients";
import { insertQueuedEmails, notifyOutbox, type QueuedEmail } from "../../db/queries/email-outbox";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { canonicalThemeId } from "../project-config/document";
import type { Tenancy } from "../projects/tenancy";
import { takeSlots } from "./capacity";
import { findCategoryByName, TRANSACTIONAL_CATEGORY, type NotificationCategory } from "./notification-preferences";
import { findTemplate, selectedTheme, templateSourceFromHtml } from "./rendering/render-email";
import { requireProjectMailServer } from "./servers";
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

export interface SendResult {
  userId: string;
  /** The message queued for the user. */
  emailId: string;
  /** When the message goes (its scheduled time or its capacity slot). */
  sendAtMillis: number;
}

const INSERT_BATCH = 200;
const ALL_USERS_PAGE = 1_000;

/**
 * The send's category: the one named; else transactional for html, and for a template or
 * draft the one it declares, known once rendered (null here; the worker decides).
 */
function categoryOf(name: string | undefined, content: SendContent): NotificationCategory | null {
  if (name === undefined) return content.kind === "html" ? TRANSACTIONAL_CATEGORY : null;
  const category = findCategoryByName(name);
  if (!category) throw new KnownError("NOTIFICATION_CATEGORY_NAME_UNKNOWN");
  return category;
}

/** The TSX the mail is rendered from, and the theme it names when the send names none. */
async function resolveSource(
  deps: ServiceDeps,
  tenancy: Tenancy,
  content: SendContent,
): Promise<{ tsxSource: string; ownThemeId: string | false | null | undefined }> {
  if (content.kind === "html") return { tsxSource: templateSourceFromHtml(content.html), ownThemeId: undefined };
  if (content.kind === "template") {
    const template = findTemplate(tenancy, content.templateId);
    if (!template) throw new KnownError("EMAIL_TEMPLATE_UNKNOWN");
    return { tsxSource: template.tsxSource, ownThemeId: template.themeId };
  }
  const draft = await findEmailDraft(deps.db, tenancy, content.draftId);
  if (!draft) throw new KnownError("EMAIL_DRAFT_UNKNOWN");
  return { tsxSource: draft.tsxSource, ownThemeId: draft.themeId };
}

/**
 * The theme the mail is rendered in, fixed now: the one the send names (false: none), else
 * the template's or draft's own, else the project's selected theme. A theme deleted before the
 * mail is rendered gives way to the project's selected theme then.
 */
function resolveTheme(tenancy: Tenancy, given: string | false | null | undefined, own: string | false | null | undefined): string | false {
  const chosen = given ?? own;
  if (chosen === false) return false;
  if (typeof chosen === "string") return canonicalThemeId(chosen);
  return selectedTheme(tenancy).id;
}

async function resolveRecipients(deps: ServiceDeps, tenancy: Tenancy, input: SendEmailInput): Promise<Recipient[]> {
  // The category choice is read when sending; here any id does.
  const categoryId = TRANSACTIONAL_CATEGORY.id;
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
  requireProjectMailServer(deps, tenancy);
  if ((input.userIds === undefined) === (input.allUsers !== true)) {
    throw new KnownError("SCHEMA_ERROR", { message: "Give exactly one of user_ids and all_users." });
  }
  const category = categoryOf(input.notificationCategoryName, input.content);
  const { tsxSource, ownThemeId } = await resolveSource(deps, tenancy, input.content);
  const themeId = resolveTheme(tenancy, input.themeId, ownThemeId);
  const recipients = await resolveRecipients(deps, tenancy, input);

  const queued: Array<QueuedEmail & { source: string }> = [];
  for (const [index, r] of recipients.entries()) {
    // Sealing takes about 8 µs a recipient: for every user of a large project that is seconds,
    // so the loop lets other requests in between runs.
    if (index > 0 && index % SEAL_RUN === 0) await new Promise((resolve) => setImmediate(resolve));
    // Each row seals its own copy: one sealed value per row, never shared.
    const source: EmailSource = {
      ...input.content,
      subject: input.subject,
      themeId,
      tsxSource,
      recipient: { type: "user-primary-email", userId: r.userId },
    };
    queued.push({ id: newId(), to: r.primaryEmail ?? "", userId: r.userId, dueAt: new Date(0), scheduledAt: null, source: sealSource(deps, source) });
  }

  const now = Date.now();
  const earliest = Math.max(now, input.scheduledAtMillis ?? now);
  if (queued.length > 0) {
    await deps.db.transaction(async (tx) => {
      const slots = await takeSlots(deps, tx, tenancy, queued.length, earliest, now);
      queued.forEach((q, i) => {
        q.dueAt = new Date(slots[i]!);
        q.scheduledAt = new Date(earliest);
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
  }
  return queued.map((q) => ({ userId: q.userId, emailId: q.id, sendAtMillis: q.dueAt.getTime() }));
}
