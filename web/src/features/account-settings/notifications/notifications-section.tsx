import { useNotificationPreferences } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState, Stack } from "@mantine/core";
import { IconBellOff } from "@tabler/icons-react";
import { SettingsSection } from "../../../components/settings-section";
import { NotificationSwitch } from "./notification-switch";

export function NotificationsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Notifications`} description={t`Choose which kinds of e-mail you receive from this app.`}>
      <Notifications />
    </SettingsSection>
  );
}

function Notifications() {
  const preferences = useNotificationPreferences();
  const { t } = useLingui();
  if (preferences.length === 0) {
    return (
      <EmptyState
        icon={<IconBellOff aria-hidden />}
        withIndicatorBackground
        title={t`Nothing to choose here`}
        description={t`This app sends no kinds of e-mail that you can turn on or off.`}
      />
    );
  }
  return (
    <Stack gap="lg">
      {preferences.map((preference) => (
        <NotificationSwitch key={preference.notification_category_id} preference={preference} />
      ))}
    </Stack>
  );
}
