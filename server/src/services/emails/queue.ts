/**
 * The outbox worker. Every server process runs one; they share the outbox through PostgreSQL:
 * a commit that queues mail sends a NOTIFY that wakes them all, the claim (FOR UPDATE SKIP
 * LOCKED, db/queries/email-outbox.ts) hands each due row to one of them, high priority first,
 * and a timer wakes the worker when the next scheduled row or retry falls due (and polls, for
 * rows a dead process had claimed). A claimed row is rendered if it was queued from a source
 * (html, template, draft), checked against the recipient's notification choices once more,
 * and handed to SMTP: the project's own server or the platform's. A failed try is retried
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
import { isPermanentRejection, type SmtpServer } from "../../integrations/mailer";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import { renderQueuedEmail, type RenderedEmail } from "./compose";
import { findRecipientName } from "../../db/queries/email-recipients";
import { NOTIFICATION_CATEGORIES, unsubscribeLink, wantsNotifications, type NotificationCategory } from "./notification-preferences";
import { openSource } from "./sources";

/** A claim outlives the slowest try (SMTP timeouts are 10 + 20 s; rendering is bounded too) by a wide margin. */
export const EMAIL_LEASE_MS = 120_000;

export function smtpServerFor(deps: Pick<ServiceDeps, "settings">, tenancy: Tenancy): SmtpServer | null {
  const own = tenancy.config.emails.server;
  if (!own.isShared && own.host && own.port !== undefined && own.senderEmail) {
    return {
      host: own.host,
      port: own.port,
      username: own.username,
      password: own.password,
      from: own.senderName ? `"${own.senderName.replace(/"/g, "")}" <${own.senderEmail}>` : own.senderEmail,
    };
  }
  const shared = deps.settings.sharedEmailServer;
  if (!shared) return null;
  return { host: shared.host, port: shared.port, username: shared.username, password: shared.password, from: shared.sender };
}

/** The wait before try `attempts + 1`: the base, doubled per try, at most an hour, with a little jitter. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The outcome of a failed SMTP try of a row on its `attempts`-th try. */
export function failureOutcome(deps: Pick<ServiceDeps, "settings">, attempts: number, error: unknown): AttemptOutcome {
  const message = errorText(error);
  if (isPermanentRejection(error)) return { status: "bounced", error: message };
  const { maxAttempts, retryBaseMs } = deps.settings.emailQueue;
  if (attempts >= maxAttempts) return { status: "failed", error: `Gave up after ${attempts} attempts: ${message}` };
  return { status: "retry", error: message, retryInMs: retryDelayMs(retryBaseMs, attempts) };
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

async function record(deps: ServiceDeps, email: ClaimedEmail, outcome: AttemptOutcome): Promise<void> {
  await recordAttempt(deps.db, email, outcome);
  if (outcome.status !== "sent" && outcome.status !== "skipped") {
    deps.log.warn("E-mail not delivered", { project_id: email.projectId, email_id: email.id, status: outcome.status, error: outcome.error });
  }
}

const TRANSACTIONAL = NOTIFICATION_CATEGORIES.find((c) => !c.canDisable)!;

/** The category a template declares by name; an unknown name counts as transactional (and is logged). */
function categoryNamed(deps: ServiceDeps, name: string | undefined): NotificationCategory {
  if (name === undefined) return TRANSACTIONAL;
  const found = NOTIFICATION_CATEGORIES.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!found) deps.log.warn("A template declares an unknown notification category; sent as transactional", { category: name });
  return found ?? TRANSACTIONAL;
}

const optedOut = async (deps: ServiceDeps, tenancy: Tenancy, userId: string | null, category: NotificationCategory) =>
  userId !== null && category.canDisable && !(await wantsNotifications(deps, tenancy, userId, category.name));

export const USER_GONE = "The user no longer exists";
const OPTED_OUT: AttemptOutcome = { status: "skipped", error: "The user turned this notification category off" };

/**
 * Renders a claimed row. The category is the send's, or else the one the template declares,
 * known only once rendered: then a category that can be turned off is checked against the
 * user's choice and rendered again with its unsubscribe link. Null: skipped or taken over.
 */
async function renderClaimed(deps: ServiceDeps, tenancy: Tenancy, email: ClaimedEmail): Promise<{ content: RenderedEmail; link: string | null } | null> {
  const given = email.notificationCategoryId === null ? null : (NOTIFICATION_CATEGORIES.find((c) => c.id === email.notificationCategoryId) ?? TRANSACTIONAL);
  if (given && (await optedOut(deps, tenancy, email.userId, given))) {
    await record(deps, email, OPTED_OUT);
    return null;
  }
  if (email.source === null) {
    await record(deps, email, { status: "failed", error: "Nothing to render" });
    return null;
  }
  const source = openSource(deps, email.source);
  const user = email.userId === null ? null : await findRecipientName(deps.db, email, email.userId);
  if (email.userId !== null && user === null) {
    await record(deps, email, { status: "skipped", error: USER_GONE });
    return null;
  }
  let category = given;
  let link = category ? unsubscribeLinkFor(deps, tenancy, email.userId, category) : null;
  let content: RenderedEmail;
  try {
    content = await renderQueuedEmail(deps, tenancy, source, { user, unsubscribeLink: link });
    if (!category) {
      category = categoryNamed(deps, content.notificationCategory);
      if (await optedOut(deps, tenancy, email.userId, category)) {
        await record(deps, email, OPTED_OUT);
        return null;
      }
      link = unsubscribeLinkFor(deps, tenancy, email.userId, category);
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
  // Not stored: another process took the row over (our lease ran out); it decides.
  return stored ? { content, link } : null;
}

async function processClaimed(deps: ServiceDeps, email: ClaimedEmail): Promise<void> {
  const lookup = await deps.tenancies.lookup(email.projectId, email.branchId);
  if (!lookup.found) return record(deps, email, { status: "failed", error: "The project no longer exists" });
  const tenancy = lookup.tenancy;

  let content: RenderedEmail;
  let link: string | null;
  if (email.renderedAtMillis === null || email.subject === null || email.textBody === null) {
    const rendered = await renderClaimed(deps, tenancy, email);
    if (!rendered) return;
    ({ content, link } = rendered);
  } else {
    const open = (value: string) => (email.sealed ? deps.outboxSeal.open(value) : value);
    content = { subject: open(email.subject), text: open(email.textBody), html: email.htmlBody === null ? null : open(email.htmlBody) };
    const category = NOTIFICATION_CATEGORIES.find((c) => c.id === email.notificationCategoryId);
    link = category ? unsubscribeLinkFor(deps, tenancy, email.userId, category) : null;
    await recordStartedSending(deps.db, email);
  }

  const server = smtpServerFor(deps, tenancy);
  if (!server) return record(deps, email, { status: "not_sent", error: "No SMTP server is configured; the message is kept in the outbox only." });
  try {
    await deps.mailer.send(server, {
      to: email.to,
      subject: content.subject,
      text: content.text,
      html: content.html ?? undefined,
      headers: unsubscribeHeaders(link),
    });
  } catch (error) {
    return record(deps, email, failureOutcome(deps, email.attempts, error));
  }
  return record(deps, email, { status: "sent" });
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
