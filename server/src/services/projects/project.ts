/** A project as services hand it to routes (its configuration travels separately, rendered). */
export interface Project {
  id: string;
  displayName: string;
  description: string;
  isProductionMode: boolean;
  ownerTeamId: string | null;
  logoUrl: string | null;
  fullLogoUrl: string | null;
  createdAtMillis: number;
}
