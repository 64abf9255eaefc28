import { isProjectOwnedByUser } from "../../db/queries/projects";
import { findLiveSession } from "../../db/queries/sessions";
import type { ServiceDeps } from "../deps";

/** The project whose users own projects (dashboard accounts), and its branch. */
export const INTERNAL_TENANT = { projectId: "internal", branchId: "main" };

/** Does this user of the internal project own `projectId` through one of their teams? */
export function isProjectOwner(deps: ServiceDeps, projectId: string, internalUserId: string): Promise<boolean> {
  return isProjectOwnedByUser(deps.db, projectId, internalUserId);
}

/** Is this owner's session still signed in, and do they still own `projectId`? For grants made from it that outlive a request. */
export async function isOwnerSessionLive(deps: ServiceDeps, projectId: string, owner: { userId: string; sessionId: string }): Promise<boolean> {
  return (await findLiveSession(deps.db, INTERNAL_TENANT, owner.sessionId, owner.userId)) !== null && (await isProjectOwner(deps, projectId, owner.userId));
}
