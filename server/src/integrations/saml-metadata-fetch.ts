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
    const text = await answer.text();
    if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw new Error("metadata too large");
    return text;
  };
}
