/**
 * Where an IP address is, from a MaxMind DB file on disk (GEOIP_DATABASE): MaxMind's
 * GeoLite2/GeoIP2 Country or City, or any MMDB whose records carry `country.iso_code` (and
 * optionally `city.names.en`), or the flat `country_code` / `city` of the ip-location-db files.
 * Nothing leaves the machine: the file is read into memory once and looked up locally.
 *
 * The file is read when the server starts, and an unreadable or corrupt one stops the start with
 * a message naming GEOIP_DATABASE: an operator who configured a database expects places, and a
 * typo would otherwise go unnoticed until someone wonders why every session says "unknown".
 * The file is then watched; an updated copy (geoipupdate replaces it in place) is read into a
 * new reader and swapped in, and a bad update is logged and the previous data kept.
 */
import { readFileSync, unwatchFile, watchFile, type Stats } from "node:fs";
import { BlockList, isIP } from "node:net";
import { Reader, type Response } from "maxmind";
import type { Logger } from "../logger";

export interface GeoPlace {
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** The city's English name, when the database has cities. */
  city?: string;
}

export interface GeoLookup {
  /** The place of a public address; null for private, loopback and reserved addresses and those the database does not know. */
  lookup(ip: string | null | undefined): GeoPlace | null;
  /** Stops watching the file for updates. */
  close(): void;
}

/** No database configured: no lookups. */
export const NO_GEO_LOOKUP: GeoLookup = { lookup: () => null, close: () => {} };

/** How often the file is checked for an update (fs.watchFile polls its mtime). */
const WATCH_INTERVAL_MS = 60_000;

/**
 * Addresses no database can place: they never reach us from the public internet, and public
 * databases map some of them anyway (the ip-location-db files put 192.168.0.0/16 in Australia).
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24],
  ["203.0.113.0", 24], ["224.0.0.0", 3],
] as const) NON_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], ["::1", 128], ["64:ff9b:1::", 48], ["100::", 64], ["2001::", 23], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8],
] as const) NON_PUBLIC.addSubnet(network, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:203.0.113.7`, as dual-stack sockets report). */
function unmapped(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  return !NON_PUBLIC.check(ip, version === 4 ? "ipv4" : "ipv6");
}

interface PlaceRecord {
  country?: { iso_code?: unknown };
  city?: { names?: { en?: unknown } } | string;
  country_code?: unknown;
}

/** The country and city of one record, in either record shape (see the top of the file). */
export function placeOf(record: PlaceRecord | null): GeoPlace | null {
  if (!record) return null;
  const country = record.country?.iso_code ?? record.country_code;
  const city = typeof record.city === "string" ? record.city : record.city?.names?.en;
  const place: GeoPlace = {};
  if (typeof country === "string" && /^[A-Za-z]{2}$/.test(country)) place.country = country.toUpperCase();
  if (typeof city === "string" && city.trim() !== "") place.city = city.trim().slice(0, 200);
  return place.country || place.city ? place : null;
}

function readDatabase(path: string): Reader<Response> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`GEOIP_DATABASE: cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) throw new Error(`GEOIP_DATABASE: ${path} is gzip-compressed; unpack the .mmdb file first`);
  try {
    return new Reader<Response>(bytes);
  } catch (error) {
    throw new Error(`GEOIP_DATABASE: ${path} is not a MaxMind DB (.mmdb) file: ${(error as Error).message}`, { cause: error });
  }
}

/** Opens the database at `path`, or throws an Error whose message names GEOIP_DATABASE and the problem. */
export function openGeoDatabase(path: string, log: Logger, options: { watchIntervalMs?: number } = {}): GeoLookup {
  let reader = readDatabase(path);
  const onChange = (current: Stats, previous: Stats) => {
    if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    if (current.nlink === 0 && current.size === 0) return; // Removed for a moment while being replaced.
    try {
      reader = readDatabase(path);
      log.info("Reloaded the GeoIP database", { path, type: reader.metadata.databaseType });
    } catch (error) {
      log.warn("Kept the previous GeoIP database: its update could not be read", { path, error: (error as Error).message });
    }
  };
  // Not persistent: the watcher alone does not keep the process running.
  watchFile(path, { persistent: false, interval: options.watchIntervalMs ?? WATCH_INTERVAL_MS }, onChange);
  return {
    lookup(ip) {
      if (!ip) return null;
      const address = unmapped(ip);
      if (!isPublicAddress(address)) return null;
      // An IPv4-only database would walk its tree with the IPv6 address's bits and answer nonsense.
      if (reader.metadata.ipVersion === 4 && isIP(address) === 6) return null;
      try {
        return placeOf(reader.get(address) as PlaceRecord | null);
      } catch {
        return null; // A record the reader cannot decode places nobody; the sign-in goes on.
      }
    },
    close() {
      unwatchFile(path, onChange);
    },
  };
}
