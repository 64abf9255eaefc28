/**
 * Fetching an identity provider's SAML metadata from the URL a team admin gives. The URL must
 * be HTTPS (plain HTTP only to loopback, for local stand-ins outside production), must not
 * reach a private network, and the answer is bounded in time and size.
 */
import { isIP } from "node:net";
import { isPrivateAddress, resolvesToPrivateAddress } from "./private-address";

export type MetadataFetcher = (url: string) => Promise<string>;

const MAX_METADATA_BYTES = 1_000_000;

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function createMetadataFetcher(options: { allowLoopback: boolean }): MetadataFetcher {
  return async (raw) => {
    const url = new URL(raw);
    const loopback = isLoopbackHost(url.hostname);
    if (loopback && !options.allowLoopback) throw new Error("loopback metadata URLs are not allowed");
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) throw new Error("metadata URLs must be HTTPS");
    if (!loopback) {
      const bare = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(bare) ? isPrivateAddress(bare) : await resolvesToPrivateAddress(bare)) throw new Error("metadata URL reaches a private network");
    }
    const answer = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000), headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" } });
    if (!answer.ok) throw new Error(`metadata URL answered ${answer.status}`);
    const text = await answer.text();
    if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw new Error("metadata too large");
    return text;
  };
}
