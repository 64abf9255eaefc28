/**
 * The outbox keeps every message, and messages carry live secrets: verification, reset and
 * sign-in codes and links, invitation links, one-time codes in subjects. So the subject
 * and both bodies are stored sealed under the server secret (AES-256-GCM, their own
 * purpose): a dump of the database, or a backup, shows none of them. They are opened only
 * to show a project's admins the subjects of what was sent. Rows an older version wrote in
 * clear are sealed at start, in small locked batches, so several nodes can share the work.
 */
import type { SecretBox } from "../../crypto/secret-box";
import type { Db } from "../../db/db";
import {
  listOutbox,
  lockClearOutboxRows,
  replaceWithSealedContent,
  type OutboxContent,
  type OutboxStatus,
} from "../../db/queries/email-outbox";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

export const OUTBOX_PURPOSE = "email-outbox";

export interface SentEmail {
  id: string;
  to: string;
  subject: string;
  purpose: string;
  status: OutboxStatus;
  error: string | null;
  createdAtMillis: number;
  sentAtMillis: number | null;
}

export function sealContent(box: SecretBox, content: OutboxContent): OutboxContent {
  return {
    subject: box.seal(content.subject),
    textBody: box.seal(content.textBody),
    htmlBody: content.htmlBody === null ? null : box.seal(content.htmlBody),
  };
}

export async function listSentEmails(
  deps: ServiceDeps,
  tenancy: Tenancy,
  page: { limit: number; cursor?: string },
): Promise<{ emails: SentEmail[]; nextCursor: string | null }> {
  const { emails, nextCursor } = await listOutbox(deps.db, tenancy, page);
  return {
    emails: emails.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.sealed ? deps.outboxSeal.open(e.subject) : e.subject,
      purpose: e.purpose,
      status: e.status,
      error: e.error,
      createdAtMillis: e.createdAtMillis,
      sentAtMillis: e.sentAtMillis,
    })),
    nextCursor,
  };
}

const SEALING_BATCH = 200;

/** Seals every outbox row still in clear; returns how many it sealed. */
export async function sealClearOutboxMessages(db: Db, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await lockClearOutboxRows(tx, SEALING_BATCH);
      for (const row of rows) await replaceWithSealedContent(tx, row, sealContent(box, row));
      return rows.length;
    });
    sealed += count;
    if (count < SEALING_BATCH) return sealed;
  }
}
