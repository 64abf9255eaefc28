/** A project API key set as the admin API sees it: the keys' last four characters, never the keys. */
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
