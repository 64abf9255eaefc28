/**
 * Whether a host name reaches this machine or a private network: the check the server makes
 * before it connects somewhere an admin named (an SMTP server being tried out, a webhook
 * endpoint, an identity provider's metadata or OpenID issuer), so that such a setting cannot be
 * used to probe the network the server lives in. Projects that allow localhost
 * (`domains.allowLocalhost`, on outside production) may.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

function isPrivateIPv4(address: string): boolean {
  const [a, b] = address.split(".").map(Number) as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return isPrivateIPv4(address);
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateIPv4(mapped[1]!);
  // The same address as a URL writes it: [::ffff:127.0.0.1] is [::ffff:7f00:1] in `new URL(...).hostname`.
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex) {
    const [high, low] = [parseInt(mappedHex[1]!, 16), parseInt(mappedHex[2]!, 16)];
    return isPrivateIPv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/** True when any address the host resolves to is private (or it does not resolve at all). */
export async function resolvesToPrivateAddress(host: string): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return isPrivateAddress(bare);
  try {
    const addresses = await lookup(bare, { all: true });
    return addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address));
  } catch {
    return false; // An unknown host fails to connect on its own, with the resolver's message.
  }
}

export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export interface OutboundUrlOptions {
  /** Whether plain HTTP to this machine is allowed (local stand-ins, outside production). */
  allowLoopback: boolean;
}

/**
 * Why the server must not fetch `url`, an address an admin named for an identity provider, or
 * null: HTTPS only (plain HTTP only to loopback, and loopback only where allowed), and nothing
 * on a private network, whether named by address or by a name that resolves there.
 */
export async function outboundUrlProblem(url: URL, options: OutboundUrlOptions): Promise<string | null> {
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && !options.allowLoopback) return "it reaches this machine";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return "it is not HTTPS";
  if (!loopback && (await resolvesToPrivateAddress(url.hostname))) return "it reaches a private network";
  return null;
}

/**
 * fetch for clients that follow URLs a remote document names (OpenID discovery names the token,
 * key set and userinfo endpoints): each request is checked by outboundUrlProblem first.
 */
export function publicOnlyFetch<Init extends object>(options: OutboundUrlOptions): (url: string, init: Init) => Promise<Response> {
  return async (url, init) => {
    const problem = await outboundUrlProblem(new URL(url), options);
    if (problem) throw new Error(`refused to fetch ${new URL(url).origin}: ${problem}`);
    return fetch(url, init as RequestInit);
  };
}
