import { KnownError } from "./known-error";

/**
 * REDIRECT_URL_NOT_WHITELISTED with SPEC §5's message, which names the URL. The SDK reads no
 * details for this code, so the URL goes in the message only, never in `details`.
 */
export function redirectUrlNotTrusted(url: string): KnownError<"REDIRECT_URL_NOT_WHITELISTED"> {
  const error = new KnownError("REDIRECT_URL_NOT_WHITELISTED");
  error.message = `Redirect URL ${url} is not trusted; should be relative.`;
  return error;
}
