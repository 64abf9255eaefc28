import {
  useCreateTeamApiKey as useGeneratedCreateTeamApiKey,
  useCreateUserApiKey as useGeneratedCreateUserApiKey,
  useUpdateTeamApiKey as useGeneratedUpdateTeamApiKey,
  useUpdateUserApiKey as useGeneratedUpdateUserApiKey,
  type CreatedUserApiKey,
} from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/** A key just made, with its whole value. */
export type CreatedApiKey = CreatedUserApiKey;

/**
 * Creates a key; the answer is the only place its whole value ever appears. The mutation's
 * state is dropped from the cache as soon as nothing watches it (`gcTime: 0`), so that the
 * value lives no longer than the screen that shows it.
 */
export function useCreateApiKey() {
  const onSuccess = useInvalidate(areaKeys.userApiKeys, areaKeys.securityActivity);
  return useGeneratedCreateUserApiKey({ mutation: { onSuccess, gcTime: 0 } });
}

/** Renames or revokes (`revoked: true`) a key. */
export function useUpdateApiKey() {
  const onSuccess = useInvalidate(areaKeys.userApiKeys, areaKeys.securityActivity);
  return useGeneratedUpdateUserApiKey({ mutation: { onSuccess } });
}

export function useCreateTeamApiKey() {
  const onSuccess = useInvalidate(areaKeys.teamApiKeys, areaKeys.securityActivity);
  return useGeneratedCreateTeamApiKey({ mutation: { onSuccess } });
}

export function useUpdateTeamApiKey() {
  const onSuccess = useInvalidate(areaKeys.teamApiKeys, areaKeys.securityActivity);
  return useGeneratedUpdateTeamApiKey({ mutation: { onSuccess } });
}
