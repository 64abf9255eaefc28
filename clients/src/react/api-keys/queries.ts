import { useSuspenseQuery } from "@tanstack/react-query";
import {
  getListTeamApiKeysQueryKey,
  getListUserApiKeysQueryKey,
  listTeamApiKeys,
  listUserApiKeys,
  type TeamApiKey,
  type UserApiKey,
} from "../../react-query";

export type { TeamApiKey, UserApiKey };

/** The signed-in user's API keys, revoked and expired ones included (they show only their last four characters). */
export function useApiKeys(): UserApiKey[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({ queryKey: getListUserApiKeysQueryKey(params), queryFn: ({ signal }) => listUserApiKeys(params, { signal }) });
  return data.items;
}

/** A team's API keys (needs `$manage_api_keys`). */
export function useTeamApiKeys(teamId: string): TeamApiKey[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({ queryKey: getListTeamApiKeysQueryKey(params), queryFn: ({ signal }) => listTeamApiKeys(params, { signal }) });
  return data.items;
}
