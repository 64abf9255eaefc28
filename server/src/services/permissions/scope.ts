/** Where a permission applies: within a team, or across the whole project. */
export type PermissionScope = "team" | "project";

/** Permission ids travel in URL paths (`/team-permissions/{team_id}/{user_id}/{permission_id}`), so they are kept short enough for one. */
export const PERMISSION_ID_MAX_LENGTH = 255;
