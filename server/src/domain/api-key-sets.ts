/**
 * A project API key set: the keys' last four characters, never the keys (only their hashes are
 * stored). db/queries/api-key-sets.ts maps its row to this once; services and routes use it as it is.
 */
export interface ApiKeySet {
  id: string;
  projectId: string;
  description: string;
  publishableClientKeyLastFour: string | null;
  secretServerKeyLastFour: string | null;
  superSecretAdminKeyLastFour: string | null;
  expiresAtMillis: number;
  manuallyRevokedAtMillis: number | null;
  createdAtMillis: number;
}
