/**
 * The TXT records of a DNS name, for verifying a team's domain (services/sso/domains.ts). In
 * production the system's resolvers answer (or DNS_SERVERS); tests point DNS_SERVERS at a small
 * DNS server of their own on loopback.
 */
import { Resolver } from "node:dns/promises";

export interface TxtResolver {
  /** Each record's strings joined, as RFC 7208 reads a long TXT record; empty when the name has none. */
  txt(name: string): Promise<string[]>;
}

const NO_RECORD = new Set(["ENOTFOUND", "ENODATA", "ESERVFAIL", "NXDOMAIN", "ETIMEOUT", "ECONNREFUSED", "EREFUSED"]);

export function createTxtResolver(servers: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    async txt(name) {
      try {
        return (await resolver.resolveTxt(name)).map((parts) => parts.join(""));
      } catch (error) {
        // An unreachable or silent server proves nothing either way: there is no record to see.
        if (NO_RECORD.has((error as { code?: string }).code ?? "")) return [];
        throw error;
      }
    },
  };
}
