/**
 * What PostgreSQL's text and jsonb cannot hold (NUL, lone surrogates). In the OAuth server's
 * input it arrives only in a hostile request (a `state` or a client name with a NUL), which is
 * refused as the client's mistake before anything is written.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorableText = (text: string) => text.includes("\0") || LONE_SURROGATE.test(text);

/** Whether any string (or key) in `value` has such a character. */
export function unstorable(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return unstorableText(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, inner]) => unstorableText(key) || unstorable(inner, depth + 1));
}
