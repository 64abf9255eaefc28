import { isProjectOwnedByUser } from "../../db/queries/projects";
import type { ServiceDeps } from "../deps";

/** Does this user of the internal project own `projectId` through one of their teams? */
export function isProjectOwner(deps: ServiceDeps, projectId: string, internalUserId: string): Promise<boolean> {
  return isProjectOwnedByUser(deps.db, projectId, internalUserId);
}
