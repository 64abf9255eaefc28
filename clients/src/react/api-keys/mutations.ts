import {
  useCreateTeamApiKey as useGeneratedCreateTeamApiKey,
  useCreateUserApiKey as useGeneratedCreateUserApiKey,
  useUpdateTeamApiKey as useGeneratedUpdateTeamApiKey,
  useUpdateUserApiKey as useGeneratedUpdateUserApiKey,
} from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/** Creates a key; the answer is the only place its whole value ever appears. */
export function useCreateApiKey() {
  const onSuccess = useInvalidate(areaKeys.userApiKeys);
  return useGeneratedCreateUserApiKey({ mutation: { onSuccess } });
}

/** Renames or revokes (`revoked: true`) a key. */
export function useUpdateApiKey() {
  const onSuccess = useInvalidate(areaKeys.userApiKeys);
  return useGeneratedUpdateUserApiKey({ mutation: { onSuccess } });
}

export function useCreateTeamApiKey() {
  const onSuccess = useInvalidate(areaKeys.teamApiKeys);
  return useGeneratedCreateTeamApiKey({ mutation: { onSuccess } });
}

export function useUpdateTeamApiKey() {
  const onSuccess = useInvalidate(areaKeys.teamApiKeys);
  return useGeneratedUpdateTeamApiKey({ mutation: { onSuccess } });
}
