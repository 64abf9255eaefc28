import {
  useDeleteCurrentUser as useGeneratedDeleteCurrentUser,
  useSetPassword as useGeneratedSetPassword,
  useUpdateCurrentUser as useGeneratedUpdateCurrentUser,
  useUpdatePassword as useGeneratedUpdatePassword,
} from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";
import { useGatehouse } from "../provider";

/** `PATCH /users/me`: display name, profile image, selected team, sign-in settings. */
export function useUpdateUser() {
  // The member profiles show the user's own name and image where the team has none of its own.
  const onSuccess = useInvalidate(areaKeys.currentUser, areaKeys.teamMemberProfiles, areaKeys.teams, areaKeys.securityActivity);
  return useGeneratedUpdateCurrentUser({ mutation: { onSuccess } });
}

/** Changes the password, given the current one; the server signs out the user's other sessions. */
export function useChangePassword() {
  const onSuccess = useInvalidate(areaKeys.currentUser, areaKeys.sessions, areaKeys.securityActivity);
  return useGeneratedUpdatePassword({ mutation: { onSuccess } });
}

/** Sets a first password for a user who signed up without one. */
export function useSetPassword() {
  const onSuccess = useInvalidate(areaKeys.currentUser, areaKeys.securityActivity);
  return useGeneratedSetPassword({ mutation: { onSuccess } });
}

/** Deletes the signed-in user (where the project allows it); the session ends with it. */
export function useDeleteAccount() {
  const { session } = useGatehouse();
  return useGeneratedDeleteCurrentUser({ mutation: { onSuccess: () => session.clear() } });
}
