/**
 * The outbox worker. Every server process runs one; they share the outbox through PostgreSQL:
 * a commit that queues mail sends a NOTIFY that wakes them all, the claim (FOR UPDATE SKIP
 * LOCKED, db/queries/email-outbox.ts) hands each due row to one of them, high priority first,
 * and a timer wakes the worker when the next scheduled row or retry falls due (and polls, for
 * rows a dead process had claimed). A claimed row is rendered if it was queued from a source
 * (html, template, draft), checked once more against its recipient (still there, still with
 * a primary e-mail, still taking the category), and handed to SMTP: the project's own server
 * or the platform's. A failed try is retried
 * with exponential back-off; after the last one the row is failed with the error. A 5xx
 * answer refusing the recipient counts as bounced and is not retried.
 *
 * Work is done a batch at a time (a few rows, sent concurrently), yielding to the event loop
 * between batches, so a thousand queued messages never hold up requests.
 */
import type { NotificationListener } from "../../db/db";
import {
  claimDueEmails,
  EMAIL_OUTBOX_CHANNEL,
  nextDueAt,
  recordAttempt,
  recordRendered,
  recordStartedSending,
  type AttemptOutcome,
  type ClaimedEmail,
} from "../../db/queries/email-outbox";
import { findRecipientName, findRecipientNow } from "../../db/queries/email-recipients";
import { isPermanentRejection, isUnknownHost } from "../../integrations/mailer";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { renderQueuedEmail, type RenderedEmail } from "./compose";
import {
  findCategoryById,
  findCategoryByName,
  TRANSACTIONAL_CATEGORY,
  unsubscribeLink,
  wantsNotifications,
  type NotificationCategory,
} from "./notification-preferences";
import { smtpServerFor } from "./servers";
import { openSource, type EmailSource } from "./sources";

/** A claim outlives the slowest try (SMTP timeouts are 10 + 20 s; rendering is bounded too) by a wide margin. */
export const EMAIL_LEASE_MS = 120_000;

export { smtpServerFor } from "./servers";

/** The wait before try `attempts + 1`: the base, doubled per try, at most an hour, with a little jitter. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The outcome of a failed SMTP try, the `attempt`-th. A refusal of the recipient for good
 * bounces; a server whose host name does not exist fails at once (no later try can reach it);
 * anything else is tried again until the last try.
 */
export function failureOutcome(deps: Pick<ServiceDeps, "settings">, attempt: number, error: unknown): AttemptOutcome {
  const message = errorText(error);
  if (isPermanentRejection(error)) return { status: "bounced", error: message };
  if (isUnknownHost(error)) return { status: "failed", error: `The e-mail server's host name does not exist: ${message}` };
  const { maxAttempts, retryBaseMs } = deps.settings.emailQueue;
  if (attempt >= maxAttempts) return { status: "failed", error: `Gave up after ${attempt} attempts: ${message}` };
  return { status: "retry", error: message, retryInMs: retryDelayMs(retryBaseMs, attempt) };
}

/** The List-Unsubscribe headers (RFC 2369, one-click per RFC 8058) a mail of a category that can be turned off carries. */
export function unsubscribeHeaders(link: string | null): Record<string, string> | undefined {
  if (!link) return undefined;
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The unsubscribe link of a message, when its category can be turned off and it goes to a user. */
export function unsubscribeLinkFor(deps: ServiceDeps, tenancy: Tenancy, userId: string | null, category: NotificationCategory): string | null {
  if (!userId || !category.canDisable) return null;
  return unsubscribeLink(deps, tenancy, userId, category.id);
}

async function record(deps: ServiceDeps, email: ClaimedEmail, outcome: AttemptOutcome, to?: string): Promise<void> {
  await recordAttempt(deps.db, email, outcome, to);
  if (outcome.status !== "sent" && outcome.status !== "skipped") {
    deps.log.warn("E-mail not delivered", { project_id: email.projectId, email_id: email.id, status: outcome.status, error: outcome.error });
  }
}

/** The category a template declares by name; an unknown name counts as transactional (and is logged). */
function categoryNamed(deps: ServiceDeps, name: string | undefined): NotificationCategory {
  if (name === undefined) return TRANSACTIONAL_CATEGORY;
  const found = findCategoryByName(name);
  if (!found) deps.log.warn("A template declares an unknown notification category; sent as transactional", { category: name });
  return found ?? TRANSACTIONAL_CATEGORY;
}

const optedOut = async (deps: ServiceDeps, tenancy: Tenancy, userId: string | null, category: NotificationCategory) =>
  userId !== null && category.canDisable && !(await wantsNotifications(deps, tenancy, userId, category.name));

/** Why a message was skipped: the error text the outbox keeps, one per reason (outbox.ts turns them into Stack Auth's reason codes). */
export const USER_GONE = "The user no longer exists";
export const NO_PRIMARY_EMAIL = "The user has no primary e-mail address";
export const OPTED_OUT_TEXT = "The user turned this notification category off";
const skipped = (error: string): AttemptOutcome => ({ status: "skipped", error });

/** Who a claimed row goes to: a user's primary e-mail (looked up when sending), or fixed addresses. */
function recipientOf(email: ClaimedEmail, source: EmailSource | null): { userId: string | null; primaryEmail: boolean } {
  if (source?.recipient) {
    const r = source.recipient;
    return r.type === "custom-emails" ? { userId: null, primaryEmail: false } : { userId: r.userId, primaryEmail: r.type === "user-primary-email" };
  }
  // Rows of an older version: send-email rows went to a user's primary e-mail, fixed then.
  return { userId: email.userId, primaryEmail: false };
}

/**
 * Renders a claimed row. The category is the send's, or else the one the template declares,
 * known only once rendered: then a category that can be turned off is rendered again with the
 * recipient's unsubscribe link. A message is rendered even when it will be skipped (its user
 * gone or opted out), so the outbox shows what it was. Null: failed, or taken over.
 */
async function renderClaimed(
  deps: ServiceDeps,
  tenancy: Tenancy,
  email: ClaimedEmail,
  source: EmailSource,
  userId: string | null,
): Promise<{ content: RenderedEmail; category: NotificationCategory; link: string | null } | null> {
  const given = email.notificationCategoryId === null ? null : (findCategoryById(email.notificationCategoryId) ?? TRANSACTIONAL_CATEGORY);
  const user = userId === null ? null : await findRecipientName(deps.db, email, userId);
  const linkFor = (category: NotificationCategory) => (user ? unsubscribeLinkFor(deps, tenancy, userId, category) : null);
  let category = given;
  let link = category ? linkFor(category) : null;
  let content: RenderedEmail;
  try {
    content = await renderQueuedEmail(deps, tenancy, source, { user, unsubscribeLink: link });
    if (!category) {
      category = categoryNamed(deps, content.notificationCategory);
      link = linkFor(category);
      if (link) content = await renderQueuedEmail(deps, tenancy, source, { user, unsubscribeLink: link });
    }
  } catch (error) {
    await record(deps, email, { status: "failed", error: `Rendering failed: ${errorText(error)}` });
    return null;
  }
  const stored = await recordRendered(
    deps.db,
    email,
    {
      subject: deps.outboxSeal.seal(content.subject),
      textBody: deps.outboxSeal.seal(content.text),
      htmlBody: content.html === null ? null : deps.outboxSeal.seal(content.html),
    },
    category.id,
  );
  // Not stored: an admin edited the row meanwhile, or another process took it over; they decide.
  return stored ? { content, category, link } : null;
}

async function processClaimed(deps: ServiceDeps, email: ClaimedEmail): Promise<void> {
  const lookup = await deps.tenancies.lookup(email.projectId, email.branchId);
  if (!lookup.found) return record(deps, email, { status: "failed", error: "The project no longer exists" });
  const tenancy = lookup.tenancy;
  const source = email.source === null ? null : openSource(deps, email.source);
  const recipient = recipientOf(email, source);

  let content: RenderedEmail;
  let category: NotificationCategory;
  let link: string | null;
  if (email.renderedAtMillis === null || email.subject === null || email.textBody === null) {
    if (source === null) return record(deps, email, { status: "failed", error: "Nothing to render" });
    const rendered = await renderClaimed(deps, tenancy, email, source, recipient.userId);
    if (!rendered) return;
    ({ content, category, link } = rendered);
  } else {
    const open = (value: string) => (email.sealed ? deps.outboxSeal.open(value) : value);
    content = { subject: open(email.subject), text: open(email.textBody), html: email.htmlBody === null ? null : open(email.htmlBody) };
    category = (email.notificationCategoryId === null ? null : findCategoryById(email.notificationCategoryId)) ?? TRANSACTIONAL_CATEGORY;
    link = unsubscribeLinkFor(deps, tenancy, recipient.userId, category);
    await recordStartedSending(deps.db, email);
  }

  // Whether the message may still go, decided now: the user may have gone, lost their
  // primary e-mail, or turned the category off since it was queued.
  let to = email.to;
  if (recipient.userId !== null && (recipient.primaryEmail || source !== null)) {
    const user = await findRecipientNow(deps.db, email, recipient.userId);
    if (!user) return record(deps, email, skipped(USER_GONE));
    if (recipient.primaryEmail) {
      if (!user.primaryEmail) return record(deps, email, skipped(NO_PRIMARY_EMAIL));
      to = user.primaryEmail;
    }
  }
  if (await optedOut(deps, tenancy, recipient.userId, category)) return record(deps, email, skipped(OPTED_OUT_TEXT), to);

  const server = smtpServerFor(deps, tenancy);
  if (!server) return record(deps, email, { status: "not_sent", error: "No SMTP server is configured; the message is kept in the outbox only." }, to);
  try {
    await deps.mailer.send(server, {
      to,
      subject: content.subject,
      text: content.text,
      html: content.html ?? undefined,
      headers: unsubscribeHeaders(link),
    });
  } catch (error) {
    return record(deps, email, failureOutcome(deps, email.attemptErrors.length + 1, error), to);
  }
  return record(deps, email, { status: "sent" }, to);
}

/**
 * Claims and sends due mail a batch at a time until none is due; answers how many rows it
 * handled. Tests call this directly; the worker below calls it when woken.
 */
export async function processDueEmails(deps: ServiceDeps, options: { batch?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  const batch = options.batch ?? deps.settings.emailQueue.concurrency;
  let handled = 0;
  while (!options.shouldStop?.()) {
    const claimed = await claimDueEmails(deps.db, batch, EMAIL_LEASE_MS);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map((email) =>
        processClaimed(deps, email).catch((error: unknown) =>
          deps.log.error("An outbox message could not be processed; it is tried again when its claim runs out", {
            email_id: email.id,
            error: errorText(error),
          }),
        ),
      ),
    );
    handled += claimed.length;
    // Let requests waiting on the event loop run before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return handled;
}

export interface EmailWorker {
  /** Looks for due mail now (after this process queued some). */
  wake(): void;
  stop(): Promise<void>;
}

export function startEmailWorker(deps: ServiceDeps): EmailWorker {
  const { pollMs } = deps.settings.emailQueue;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (atMillis: number | null) => {
    if (stopped) return;
    clearTimeout(timer);
    const wait = atMillis === null ? pollMs : Math.min(pollMs, Math.max(0, atMillis - Date.now()) + 5);
    timer = setTimeout(wake, wait);
    timer.unref();
  };

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let next: number | null = null;
      do {
        again = false;
        try {
          await processDueEmails(deps, { shouldStop: () => stopped });
          next = await nextDueAt(deps.db);
        } catch (error) {
          // The database is away (restarting, unreachable): the next poll tries again.
          deps.log.warn("Could not read the e-mail outbox", { error: errorText(error) });
          next = null;
        }
      } while (again && !stopped);
      running = null;
      schedule(next);
    })();
  }

  let listener: NotificationListener | undefined = deps.db.listen(EMAIL_OUTBOX_CHANNEL, {
    notify: wake,
    connected: wake,
    disconnected: () => undefined,
  });
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await listener?.close();
      listener = undefined;
      await running;
    },
  };
}
