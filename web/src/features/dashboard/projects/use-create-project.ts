import { api, useInvalidate } from "@gatehouse/clients/react";

export function useCreateProject() {
  const onSuccess = useInvalidate(api.getListProjectsQueryKey());
  return api.useCreateProject({ mutation: { onSuccess } });
}
