import { useSuspenseQuery } from "@tanstack/react-query";
import { getListNotificationPreferencesQueryKey, listNotificationPreferences, type NotificationPreference } from "../../react-query";

export type { NotificationPreference };

/** Which kinds of mail the signed-in user receives. Suspends while loading. */
export function useNotificationPreferences(): NotificationPreference[] {
  const { data } = useSuspenseQuery({
    queryKey: getListNotificationPreferencesQueryKey("me"),
    queryFn: ({ signal }) => listNotificationPreferences("me", { signal }),
  });
  return data.items;
}
