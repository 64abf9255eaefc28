import { knownError } from "./define";

type AccessType = "client" | "server" | "admin";

export const projectErrors = {
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: knownError(
    400,
    () => "A project key or admin token was sent without an access type header (x-stack-access-type).",
  ),
  INVALID_ACCESS_TYPE: knownError<{ accessType: string }>(
    400,
    (d) => `The access type "${d.accessType}" is not one of client, server or admin.`,
  ),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: knownError<{ request_type: string }>(
    400,
    (d) => `The access type "${d.request_type}" was given without a project id header (x-stack-project-id).`,
  ),
  ACCESS_TYPE_REQUIRED: knownError(
    400,
    () => "This endpoint needs an access type header (x-stack-access-type) and a project id.",
  ),
  INSUFFICIENT_ACCESS_TYPE: knownError<{ actual_access_type: AccessType; allowed_access_types: AccessType[] }>(
    401,
    (d) =>
      `The access type "${d.actual_access_type}" cannot call this endpoint; allowed: ${d.allowed_access_types.join(", ")}.`,
  ),
  INVALID_PUBLISHABLE_CLIENT_KEY: knownError<{ project_id: string }>(
    401,
    (d) => `The publishable client key is not valid for project ${d.project_id}.`,
  ),
  INVALID_SECRET_SERVER_KEY: knownError<{ project_id: string }>(
    401,
    (d) => `The secret server key is not valid for project ${d.project_id}.`,
  ),
  INVALID_SUPER_SECRET_ADMIN_KEY: knownError<{ project_id: string }>(
    401,
    (d) => `The super secret admin key is not valid for project ${d.project_id}.`,
  ),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: knownError(401, () => "The admin access token could not be parsed or verified."),
  ADMIN_ACCESS_TOKEN_EXPIRED: knownError<{ expired_at_millis: number | null }>(
    401,
    () => "The admin access token has expired. Refresh the session and try again.",
  ),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: knownError(
    401,
    () => "Admin access tokens must be issued by the internal project.",
  ),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: knownError(
    401,
    () => "The admin access token's user does not own this project through any of their teams.",
  ),
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: knownError<{ project_id: string }>(
    401,
    (d) => `Project ${d.project_id} requires a publishable client key for client access.`,
  ),
  SERVER_AUTHENTICATION_REQUIRED: knownError(401, () => "Server access needs a secret server key."),
  ADMIN_AUTHENTICATION_REQUIRED: knownError(
    401,
    () => "Admin access needs a super secret admin key or an admin access token.",
  ),
  EXPECTED_INTERNAL_PROJECT: knownError(401, () => "This endpoint is only available on the internal project."),
  CURRENT_PROJECT_NOT_FOUND: knownError<{ project_id: string }>(
    400,
    (d) => `The project "${d.project_id}" named in the project id header does not exist.`,
  ),
  BRANCH_DOES_NOT_EXIST: knownError<{ branch_id: string }>(400, (d) => `The branch "${d.branch_id}" does not exist.`),
  PROJECT_NOT_FOUND: knownError<{ project_id: string }>(404, (d) => `Project ${d.project_id} was not found.`),
  // Ours, not Stack Auth's: the catalogue has no code for it, and every other project's admins sign in through it.
  INTERNAL_PROJECT_CANNOT_BE_DELETED: knownError(400, () => "The internal project cannot be deleted: every project's administration goes through it."),
};
