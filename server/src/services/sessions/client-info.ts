/** What the HTTP layer knows about the caller's device, recorded on sessions. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The caller's country (ISO 3166-1 alpha-2), when a trusted proxy said (COUNTRY_HEADER). */
  countryCode?: string | null;
}
