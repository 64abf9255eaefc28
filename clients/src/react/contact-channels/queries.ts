import { useSuspenseQuery } from "@tanstack/react-query";
import { getListContactChannelsQueryKey, listContactChannels, type ContactChannel } from "../../react-query";

export type { ContactChannel };

/** The signed-in user's e-mail addresses. Suspends while loading. */
export function useContactChannels(): ContactChannel[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListContactChannelsQueryKey(params),
    queryFn: ({ signal }) => listContactChannels(params, { signal }),
    // An address is verified from a mailed link, often in another tab: coming back reads the list again.
    refetchOnWindowFocus: true,
  });
  return data.items;
}
