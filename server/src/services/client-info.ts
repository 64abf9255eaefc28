/** What the HTTP layer knows about the caller's device, recorded on sessions. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}
