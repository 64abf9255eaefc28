/**
 * The failed-mail digest (POST /internal/failed-emails-digest, called by a scheduler): for
 * every project whose mail failed for good in the last day, the messages (subject and
 * recipient) and the owners to tell, the members of the internal-project team that owns it.
 * Unless it is a dry run, each owner gets one e-mail listing them, from the internal project
 * (so through the platform's shared server, not the project's failing one).
 */
import { createHash } from "node:crypto";
import { findProjectOwnerEmails, listFailedEmailsSince } from "../../db/queries/email-digest";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "./delivery";
import { openSource } from "./sources";

export interface FailedEmailsBatch {
  projectId: string;
  branchId: string;
  /** A stable UUID for the project's branch: Stack Auth's `tenancy_id`. */
  tenancyId: string;
  emails: Array<{ subject: string; to: string[] }>;
  ownerEmails: string[];
}

const DAY_MS = 86_400_000;
/** Failed messages read per digest run; a project with more is told about its first ones. */
const MAX_FAILED = 10_000;
/** Messages listed in one digest e-mail. */
const LISTED = 10;

/** A UUID derived from the project and branch (name-based, SHA-1, as RFC 9562's version 5 lays one out). */
export function tenancyIdOf(projectId: string, branchId: string): string {
  const hash = createHash("sha1").update(`gatehouse-tenancy\u0000${projectId}\u0000${branchId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function collectFailedEmails(deps: ServiceDeps, now = Date.now()): Promise<FailedEmailsBatch[]> {
  const rows = await listFailedEmailsSince(deps.db, new Date(now - DAY_MS), MAX_FAILED);
  const batches = new Map<string, FailedEmailsBatch>();
  for (const row of rows) {
    const key = `${row.projectId}\u0000${row.branchId}`;
    let batch = batches.get(key);
    if (!batch) {
      batch = { projectId: row.projectId, branchId: row.branchId, tenancyId: tenancyIdOf(row.projectId, row.branchId), emails: [], ownerEmails: [] };
      batches.set(key, batch);
    }
    const subject =
      row.subject !== null ? (row.sealed ? deps.outboxSeal.open(row.subject) : row.subject) : row.source ? (openSource(deps, row.source).subject ?? "") : "";
    // Mail to a user's primary e-mail names the user, as Stack Auth's digest does; other mail its address.
    const to = row.purpose === "send_email" && row.userId ? [`User ID: ${row.userId}`] : row.to ? row.to.split(", ") : [];
    batch.emails.push({ subject, to });
  }
  for (const batch of batches.values()) batch.ownerEmails = await findProjectOwnerEmails(deps.db, batch.projectId);
  return [...batches.values()];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Sends each batch's owners their digest, from the internal project; answers whether every one was handed over. */
export async function sendFailedEmailDigests(deps: ServiceDeps, batches: readonly FailedEmailsBatch[]): Promise<boolean> {
  const lookup = await deps.tenancies.lookup("internal", "main");
  if (!lookup.found) return false;
  let allSent = true;
  for (const batch of batches) {
    if (batch.ownerEmails.length === 0) continue;
    const project = await deps.tenancies.lookup(batch.projectId, batch.branchId);
    const name = project.found ? project.tenancy.project.displayName : batch.projectId;
    const listed = batch.emails.slice(-LISTED);
    const lines = listed.map((e) => `- ${e.subject.replace(/\s+/g, " ").slice(0, 80) || "(no subject)"} (to ${e.to.join(", ")})`);
    const count = batch.emails.length;
    const text = [
      `In the last 24 hours, ${count} e-mail${count === 1 ? "" : "s"} of the project ${name} could not be delivered.`,
      "Please check the project's e-mail server settings. The most recent ones:",
      "",
      ...lines,
      ...(count > LISTED ? ["- …"] : []),
    ].join("\n");
    const html = `<p>${escapeHtml(text.split("\n")[0]!)}</p><p>Please check the project's e-mail server settings. The most recent ones:</p><ul>${listed
      .map((e) => `<li>${escapeHtml(e.subject.replace(/\s+/g, " ").slice(0, 80) || "(no subject)")} (to ${escapeHtml(e.to.join(", "))})</li>`)
      .join("")}</ul>`;
    for (const owner of batch.ownerEmails) {
      try {
        await deliverEmail(deps, lookup.tenancy, { to: owner, subject: `E-mail delivery problems on ${name}`, text, html, purpose: "failed_emails_digest" });
      } catch (error) {
        allSent = false;
        deps.log.warn("Could not queue a failed-mail digest", { project_id: batch.projectId, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return allSent;
}
