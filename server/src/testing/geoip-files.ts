import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Real MMDB files for the GeoIP tests (integrations/geoip.ts): country data from GeoFeed,
 * WHOIS and ASN records, published as the devDependency @ip-location-db/geo-whois-asn-country-mmdb,
 * in the flat `country_code` record shape; IPv4 and IPv6 together, and IPv4 alone.
 */
export const COUNTRY_MMDB = require.resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
export const COUNTRY_MMDB_IPV4_ONLY = require.resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb");

/**
 * A GeoLite2-City.mmdb of MaxMind's, when GATEHOUSE_TEST_GEOLITE2_CITY names one: MaxMind's files
 * need an account to download, so the suite ships none and the tests that need one skip.
 */
export const GEOLITE2_CITY_MMDB: string | undefined = process.env.GATEHOUSE_TEST_GEOLITE2_CITY || undefined;
