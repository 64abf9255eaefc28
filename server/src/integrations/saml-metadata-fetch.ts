/**
 * Fetching an identity provider's SAML metadata from the URL a team admin gives. The URL must
 * be HTTPS (plain HTTP only to loopback, for local stand-ins outside production), must not
 * reach a private network, and the answer is bounded in time and size.
 */
import { outboundUrlProblem } from "./private-address";

export type MetadataFetcher = (url: string) => Promise<string>;

const MAX_METADATA_BYTES = 1_000_000;

export function createMetadataFetcher(options: { allowLoopback: boolean }): MetadataFetcher {
  return async (raw) => {
    const url = new URL(raw);
    const problem = await outboundUrlProblem(url, options);
    if (problem) throw new Error(`metadata URL refused: ${problem}`);
    const answer = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000), headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" } });
    if (!answer.ok) throw new Error(`metadata URL answered ${answer.status}`);
    return readTextUpTo(answer, MAX_METADATA_BYTES);
  };
}

/**
 * The answer's body as UTF-8, read as it streams and abandoned once past `maxBytes`, so that a
 * server sending an endless or huge body costs at most that much memory, not the whole body.
 */
async function readTextUpTo(answer: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new Error("metadata too large");
  if (Number(answer.headers.get("content-length") ?? 0) > maxBytes) {
    await answer.body?.cancel();
    throw tooLarge();
  }
  if (!answer.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = answer.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
