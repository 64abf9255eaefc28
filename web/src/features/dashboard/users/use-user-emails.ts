import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export function useUserEmails(projectId: string, userId: string): api.ContactChannel[] {
  const params = { user_id: userId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListContactChannelsQueryKey(params)),
    queryFn: ({ signal }) => api.listContactChannels(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}

/** A change to an address can change the user's primary e-mail and its verification, shown on the page and in the list. */
function useInvalidateEmails(projectId: string, userId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return () => invalidate(api.getListContactChannelsQueryKey({ user_id: userId }), api.getGetUserQueryKey(userId), api.getListUsersQueryKey());
}

export function useAddUserEmail(projectId: string, userId: string) {
  const onSuccess = useInvalidateEmails(projectId, userId);
  return api.useCreateContactChannel({ request: adminRequest(projectId), mutation: { onSuccess } });
}

export function useUpdateUserEmail(projectId: string, userId: string) {
  const onSuccess = useInvalidateEmails(projectId, userId);
  return api.useUpdateContactChannel({ request: adminRequest(projectId), mutation: { onSuccess } });
}

export function useRemoveUserEmail(projectId: string, userId: string) {
  const onSuccess = useInvalidateEmails(projectId, userId);
  return api.useDeleteContactChannel({ request: adminRequest(projectId), mutation: { onSuccess } });
}

export function useSendUserVerificationEmail(projectId: string) {
  return api.useSendContactChannelVerificationCode({ request: adminRequest(projectId) });
}
