import { useUpdateNotificationPreference as useGeneratedUpdateNotificationPreference } from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

export function useUpdateNotificationPreference() {
  const onSuccess = useInvalidate(areaKeys.notificationPreferences);
  return useGeneratedUpdateNotificationPreference({ mutation: { onSuccess } });
}
