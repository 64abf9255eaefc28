import { plainError } from "./define";

/**
 * Configuration overrides and project settings. Stack Auth answers these refusals as a bare
 * status with the problems as text (errors/define.ts, plainError), and so does Gatehouse.
 */
export const configErrors = {
  CONFIG_OVERRIDE_NOT_JSON: plainError<{ field?: string }>(
    400,
    (d) => `The configuration override is not valid JSON${d.field ? ` (${d.field})` : ""}.`,
  ),
  CONFIG_OVERRIDE_NOT_OBJECT: plainError<{ field?: string }>(
    400,
    (d) => `The configuration override must be a JSON object${d.field ? ` (${d.field})` : ""}.`,
  ),
  // The problems name each key; the document is then stored not at all.
  CONFIG_OVERRIDE_REFUSED: plainError<{ problems?: string }>(400, (d) => d.problems ?? "The configuration override cannot be stored: the problems, key by key."),
  CONFIG_LEVEL_NEEDS_ADMIN_ACCESS: plainError(403, () => "With server access, only the branch level's configuration override can be read or written."),
  LOCAL_EMULATOR_NOT_AVAILABLE: plainError(
    400,
    () =>
      "This server has no local emulator mode: Gatehouse does not bind projects to configuration files on its own disk " +
      "(Stack Auth serves this route only with NEXT_PUBLIC_STACK_IS_LOCAL_EMULATOR=true).",
  ),
};
