/** Where a permission applies: within a team, or across the whole project. */
export type PermissionScope = "team" | "project";
