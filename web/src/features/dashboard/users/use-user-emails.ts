import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export function useUserEmails(projectId: string, userId: string): api.ContactChannel[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.userEmails(userId), (request) => api.listContactChannels({ user_id: userId }, request)).items;
}

/** A change to an address can change the user's primary e-mail and its verification, shown on the page and in the list. */
function useEmailChange(projectId: string, userId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, mutation: { onSuccess: () => invalidate(keys.userEmails(userId), keys.userDetail(userId), keys.userList()) } };
}

export function useAddUserEmail(projectId: string, userId: string) {
  return api.useCreateContactChannel(useEmailChange(projectId, userId));
}

export function useUpdateUserEmail(projectId: string, userId: string) {
  return api.useUpdateContactChannel(useEmailChange(projectId, userId));
}

export function useRemoveUserEmail(projectId: string, userId: string) {
  return api.useDeleteContactChannel(useEmailChange(projectId, userId));
}

export function useSendUserVerificationEmail(projectId: string) {
  return api.useSendContactChannelVerificationCode({ request: useAdmin(projectId).request });
}
