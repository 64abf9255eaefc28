/** A team as services hand it to routes. */
export interface Team {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  createdAtMillis: number;
}
