import { useSecurityActivity } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { SettingsSection } from "../../../components/settings-section";
import { ActivityList } from "./activity-list";
import { activityWords, deviceAndAddress } from "./activity-words";

export function SecurityActivitySection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Security activity`} description={t`Sign-ins, failed sign-ins and changes to your account's security, newest first.`}>
      <Activity />
    </SettingsSection>
  );
}

function Activity() {
  const { t } = useLingui();
  const activity = useSecurityActivity();
  if (activity.events.length === 0) {
    return <EmptyState icon={<IconHistory aria-hidden />} withIndicatorBackground title={t`No security activity yet`} />;
  }
  return <ActivityList label={t`Your security activity`} pages={activity} describe={(event) => ({ what: activityWords(event.action), origin: deviceAndAddress(event) })} />;
}

