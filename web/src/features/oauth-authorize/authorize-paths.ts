/** The authorize page of one request, as the project's OAuth server sends the browser to it (server: authorizePagePath). */
export function authorizePath(projectId: string, uid: string): string {
  return `/oauth2/${encodeURIComponent(projectId)}/authorize/${encodeURIComponent(uid)}`;
}

/** The query parameter naming the sign-in step the page shows instead of the first: `?step=second-factor`. */
export const STEP_PARAM = "step";
export const SECOND_FACTOR_STEP = "second-factor";
