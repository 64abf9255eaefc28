/**
 * A project (its configuration travels separately, rendered): db/queries/projects.ts maps its
 * row to this once; services and routes use it as it is.
 */
export interface Project {
  id: string;
  displayName: string;
  description: string;
  isProductionMode: boolean;
  ownerTeamId: string | null;
  logoUrl: string | null;
  fullLogoUrl: string | null;
  logoDarkModeUrl: string | null;
  fullLogoDarkModeUrl: string | null;
  /** Where the dashboard's onboarding of the project stands (Stack Auth's stages; `completed` past it). */
  onboardingStatus: string;
  isDevelopmentEnvironment: boolean;
  createdAtMillis: number;
}
