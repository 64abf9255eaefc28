import { useSecurityActivity, type SecurityEvent } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsSection } from "../../../components/settings-section";
import { sessionDevice } from "../sessions/session-device";
import { activityWords, isFailure } from "./activity-words";

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
  return (
    <Stack gap="sm">
      <ul aria-label={t`Your security activity`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {activity.events.map((event) => (
          <ActivityItem key={event.id} event={event} />
        ))}
      </ul>
      {activity.hasMore ? (
        <Button variant="default" onClick={activity.loadMore} loading={activity.loadingMore} style={{ alignSelf: "flex-start" }}>
          {t`Show older activity`}
        </Button>
      ) : null}
    </Stack>
  );
}

/** One event: what happened, in words, when, and from which device and address. */
function ActivityItem({ event }: { event: SecurityEvent }) {
  const { t } = useLingui();
  const device = sessionDevice(event.user_agent);
  const ip = event.ip;
  const origin = [device, ip ? t`IP address ${ip}` : null].filter(Boolean).join(" · ");
  return (
    <li data-audit-action={event.action} style={{ padding: "8px 0", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} c={isFailure(event.action) ? "var(--mantine-color-red-text)" : undefined} className="break-anywhere">
          {activityWords(event.action)}
        </Text>
        <Text size="sm" c="dimmed">
          <RelativeTime millis={event.created_at_millis} />
        </Text>
      </Group>
      {origin ? (
        <Text size="sm" c="dimmed" className="break-anywhere">
          {origin}
        </Text>
      ) : null}
    </li>
  );
}
