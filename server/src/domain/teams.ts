/** A team: db/queries/teams.ts maps its row to this once; services and routes use it as it is. */
export interface Team {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  createdAtMillis: number;
}
