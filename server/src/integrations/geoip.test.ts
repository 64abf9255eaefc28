import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { silentLogger, type Logger } from "../logger";
import { COUNTRY_MMDB as COUNTRY_DB, COUNTRY_MMDB_IPV4_ONLY as IPV4_ONLY_DB } from "../testing/geoip-files";
import { openGeoDatabase, placeOf, type GeoLookup } from "./geoip";

let scratch: string;
let geo: GeoLookup;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "geoip-test-"));
  geo = openGeoDatabase(COUNTRY_DB, silentLogger);
});
afterAll(() => {
  geo?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("openGeoDatabase: a country database", () => {
  it("places public IPv4 and IPv6 addresses by country", () => {
    expect(geo.lookup("80.128.0.1")).toEqual({ country: "DE" }); // Deutsche Telekom
    expect(geo.lookup("133.11.0.1")).toEqual({ country: "JP" }); // The University of Tokyo
    expect(geo.lookup("2003::1")).toEqual({ country: "DE" });
    expect(geo.lookup("::ffff:133.11.0.1")).toEqual({ country: "JP" }); // as a dual-stack socket reports it
  });

  it("places no private, loopback or reserved address, even where the file maps one", () => {
    // The file puts 192.168.0.0/16, TEST-NET-3 and 2001:db8::/32 in countries; none is anyone's place.
    for (const ip of ["127.0.0.1", "::1", "10.1.2.3", "192.168.1.1", "172.20.0.5", "100.64.0.1", "169.254.1.1", "203.0.113.7", "2001:db8::1", "fd00::1", "fe80::1", "::ffff:10.0.0.1"]) {
      expect(geo.lookup(ip), ip).toBeNull();
    }
    expect(geo.lookup(null)).toBeNull();
    expect(geo.lookup("not an address")).toBeNull();
  });
});

describe("openGeoDatabase: a database that cannot be read stops the start", () => {
  it("names GEOIP_DATABASE and the missing file", () => {
    expect(() => openGeoDatabase(join(scratch, "missing.mmdb"), silentLogger)).toThrow(/^GEOIP_DATABASE: cannot read .*missing\.mmdb: ENOENT/);
  });

  it("refuses a file that is not a MaxMind DB", () => {
    const corrupt = join(scratch, "corrupt.mmdb");
    writeFileSync(corrupt, "this is not a database\n".repeat(100));
    expect(() => openGeoDatabase(corrupt, silentLogger)).toThrow(/^GEOIP_DATABASE: .*corrupt\.mmdb is not a MaxMind DB \(\.mmdb\) file/);
  });

  it("refuses a compressed download, saying to unpack it", () => {
    const gzipped = join(scratch, "country.mmdb.gz");
    writeFileSync(gzipped, gzipSync(Buffer.from("not even a database")));
    expect(() => openGeoDatabase(gzipped, silentLogger)).toThrow(/gzip-compressed; unpack the \.mmdb file first/);
  });
});

describe("openGeoDatabase: updates of the file", () => {
  it("keeps the previous data when an update is unreadable, and swaps in a readable one", async () => {
    const path = join(scratch, "updated.mmdb");
    copyFileSync(COUNTRY_DB, path);
    const log: Logger = { ...silentLogger, info: vi.fn(), warn: vi.fn() };
    const watched = openGeoDatabase(path, log, { watchIntervalMs: 20 });
    try {
      writeFileSync(path, "garbage written over the database");
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith("Kept the previous GeoIP database: its update could not be read", expect.objectContaining({ path })), { timeout: 10_000 });
      expect(watched.lookup("2003::1")).toEqual({ country: "DE" });

      // The IPv4-only edition of the same data: IPv4 addresses still placed, IPv6 ones no longer.
      copyFileSync(IPV4_ONLY_DB, path);
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith("Reloaded the GeoIP database", expect.objectContaining({ path })), { timeout: 10_000 });
      expect(watched.lookup("80.128.0.1")).toEqual({ country: "DE" });
      expect(watched.lookup("2003::1")).toBeNull();
    } finally {
      watched.close();
    }
  });
});

describe("placeOf: the record shapes read", () => {
  it("reads MaxMind's GeoIP2/GeoLite2 City shape", () => {
    expect(placeOf({ country: { iso_code: "PT" }, city: { names: { en: "Lisbon" } } })).toEqual({ country: "PT", city: "Lisbon" });
    expect(placeOf({ country: { iso_code: "JP" } })).toEqual({ country: "JP" });
  });

  it("reads the flat shape of the ip-location-db files", () => {
    expect(placeOf({ country_code: "de", city: "Berlin" })).toEqual({ country: "DE", city: "Berlin" });
  });

  it("ignores what is not a country code", () => {
    expect(placeOf({ country: { iso_code: 42 } })).toBeNull();
    expect(placeOf({ country_code: "DEU" })).toBeNull();
    expect(placeOf(null)).toBeNull();
  });
});
