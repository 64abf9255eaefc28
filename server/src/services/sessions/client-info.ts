/** What the HTTP layer knows about the caller's device, recorded on sessions. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /**
   * The caller's country (ISO 3166-1 alpha-2): what a trusted proxy said (COUNTRY_HEADER), else
   * where the GeoIP database (GEOIP_DATABASE) places the caller's address; null when neither knows.
   */
  countryCode?: string | null;
  /** The caller's city (English name), when the GeoIP database has cities and agrees with the country. */
  cityName?: string | null;
}
