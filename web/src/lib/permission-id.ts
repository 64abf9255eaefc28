/**
 * Permission ids as SPEC §5 and the server (routes/permissions/shapes.ts) allow them: lowercase
 * letters, digits, `:` and `_`, at most 255 characters; a leading `$` marks the system team
 * permissions, which exist in every project and cannot be created, changed or deleted.
 */
export const PERMISSION_ID_MAX_LENGTH = 255;

const CUSTOM_ID = /^[a-z0-9_:]+$/;

export const isSystemPermission = (id: string) => id.startsWith("$");

/** What is wrong with the id of a new permission, or null. */
export function permissionIdProblem(value: string): string | null {
  if (value === "") return "Give the permission an id, such as read_secret_info.";
  if (value.startsWith("$")) return "Ids starting with $ belong to the system permissions. Choose one without it.";
  if (value.length > PERMISSION_ID_MAX_LENGTH) return `Use at most ${PERMISSION_ID_MAX_LENGTH} characters.`;
  if (!CUSTOM_ID.test(value)) return "Use only lowercase letters, digits, colons (:) and underscores (_), with no spaces.";
  return null;
}
