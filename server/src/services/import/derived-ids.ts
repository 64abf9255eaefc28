/**
 * Ids for imported users and teams, derived from the project, the format and the source's own
 * id (a name-based UUID, version 8 in RFC 9562's terms, from SHA-256). The same record always
 * gets the same id, so a re-run of an import finds what an earlier run wrote and skips it
 * instead of making a second user, whatever the checkpoint says.
 */
import { createHash } from "node:crypto";

export function derivedId(projectId: string, format: string, kind: "user" | "team", sourceId: string): string {
  const bytes = createHash("sha256").update(`gatehouse-import\0${projectId}\0${format}\0${kind}\0${sourceId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
