/**
 * Revocation by a secret scanner that found a key published somewhere: holding the value is
 * the authority, as anyone who found it could use it. Public keys (`pk_`) are meant to be
 * published, so they are not revoked this way (PUBLIC_API_KEY_CANNOT_BE_REVOKED); an expired
 * key is harmless already (API_KEY_EXPIRED). A key revoked before reads as done.
 *
 * Whoever answers for the key is told by e-mail, from the key's own project: its user, or for
 * a team key every member holding `$manage_api_keys`. Only the revocation that actually
 * revoked the key sends mail (the update is conditional), so a scanner reporting a key twice,
 * or twice at once, makes one round of messages.
 */
import { findApiKeyInAnyProject, revokeApiKeyIfLive, type ApiKeyRecord } from "../../db/queries/api-keys";
import { findUsersByIds } from "../../db/queries/users";
import { apiKeyMatchesDigest, parseApiKeyValue } from "../../crypto/api-key-format";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { listPermissions } from "../permissions/grants";
import type { Tenancy } from "../projects/tenancy";
import { MANAGE_API_KEYS } from "./api-keys";

export async function revokeLeakedApiKey(deps: ServiceDeps, value: string): Promise<void> {
  const parsed = parseApiKeyValue(value);
  const found = parsed ? await findApiKeyInAnyProject(deps.db, parsed.id) : null;
  if (!found || !apiKeyMatchesDigest(value, found.key.secretHash)) throw new KnownError("API_KEY_NOT_FOUND");
  if (found.key.isPublic) throw new KnownError("PUBLIC_API_KEY_CANNOT_BE_REVOKED");
  if (found.key.manuallyRevokedAtMillis !== null) return;
  if (found.key.expiresAtMillis !== null && found.key.expiresAtMillis <= Date.now()) throw new KnownError("API_KEY_EXPIRED");
  const revoked = await revokeApiKeyIfLive(deps.db, found.tenant, found.key.id);
  if (!revoked) return;
  const lookup = await deps.tenancies.lookup(found.tenant.projectId, found.tenant.branchId);
  if (!lookup.found) return;
  await notifyOwners(deps, lookup.tenancy, revoked);
}

/** The user ids answering for a key: its user, or the team's members who may manage its keys. */
async function responsibleUserIds(deps: ServiceDeps, tenancy: Tenancy, key: ApiKeyRecord): Promise<string[]> {
  if (key.owner.type === "user") return [key.owner.userId];
  const holders = await listPermissions(deps, tenancy, "team", { teamId: key.owner.teamId, permissionId: MANAGE_API_KEYS, recursive: true });
  return [...new Set(holders.map((holder) => holder.userId))];
}

async function notifyOwners(deps: ServiceDeps, tenancy: Tenancy, key: ApiKeyRecord): Promise<void> {
  const users = await findUsersByIds(deps.db, tenancy, await responsibleUserIds(deps, tenancy, key));
  const message = revokedKeyEmail(tenancy.project.displayName, key);
  for (const user of users) {
    if (!user.primaryEmail) continue;
    try {
      await deliverEmail(deps, tenancy, { to: user.primaryEmail, ...message, purpose: "api_key_revoked", userId: user.id });
    } catch (error) {
      // The key is revoked whatever happens to the mail; the outbox records what it could.
      deps.log.error("Could not queue the notice of a revoked API key", { project_id: tenancy.projectId, key_id: key.id, error: String(error) });
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The notice. Its subject is the one Stack Auth sends ("API Key Revoked: <description>"),
 * which mail filters and Stack's own tests look for; the text is ours.
 */
export function revokedKeyEmail(projectName: string, key: Pick<ApiKeyRecord, "description" | "lastFour">): { subject: string; text: string; html: string } {
  const paragraphs = [
    `The API key "${key.description}" (ending in ${key.lastFour}) of ${projectName} was found published where others can read it, and has been revoked so that nobody can use it.`,
    "Anything still using this key will now be refused. Create a new key and put it where the old one was, keeping it out of public code and logs.",
    "If you did not expect this, check where the key was stored and who could see it.",
  ];
  return {
    subject: `API Key Revoked: ${key.description}`.replace(/[\r\n]+/g, " ").slice(0, 300),
    text: ["API key revoked", "", ...paragraphs.flatMap((p) => [p, ""])].join("\n").trimEnd(),
    html: `<!doctype html><html><body><h2>API key revoked</h2>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
  };
}
