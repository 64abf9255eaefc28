/**
 * Whether a host name reaches this machine or a private network: the check the server makes
 * before it connects somewhere an admin named (an SMTP server being tried out, a webhook
 * endpoint), so that such a setting cannot be used to probe the network the server lives in.
 * Projects that allow localhost (`domains.allowLocalhost`, on outside production) may.
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
