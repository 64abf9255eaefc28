import { z } from "@hono/zod-openapi";
import { TEAM_SYSTEM_PERMISSIONS } from "../../services/permissions/check";
import { PERMISSION_ID_MAX_LENGTH } from "../../services/permissions/scope";

/** A permission id: lowercase letters, digits, `:` and `_`, or one of the `$` system team permissions. */
export const PermissionIdSchema = z
  .string()
  .max(PERMISSION_ID_MAX_LENGTH)
  .regex(/^\$?[a-z0-9_:]+$/, "Only lowercase letters, digits, \":\", \"_\" and a leading \"$\" are allowed")
  .refine((id) => !id.startsWith("$") || (TEAM_SYSTEM_PERMISSIONS as readonly string[]).includes(id), "Invalid system permission")
  .openapi({ description: `Lowercase letters, digits, \`:\` and \`_\`; or a system team permission (${TEAM_SYSTEM_PERMISSIONS.join(", ")}).`, example: "read_secret_info" });
