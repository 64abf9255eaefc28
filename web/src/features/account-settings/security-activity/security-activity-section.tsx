import { useSecurityActivity, type SecurityEvent } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { RelativeTime } from "../../../components/relative-time";
import { SettingsSection } from "../../../components/settings-section";

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

function ActivityItem({ event }: { event: SecurityEvent }) {
  const failed = event.action.endsWith(".failed");
  return (
    <li data-audit-action={event.action} style={{ padding: "8px 0", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" ff="monospace" fw={500} c={failed ? "red.8" : undefined} className="break-anywhere">
          {event.action}
        </Text>
        <RelativeTime millis={event.created_at_millis} />
      </Group>
      {event.ip || event.user_agent ? (
        <Text size="sm" c="dimmed" lineClamp={1}>
          {[event.ip, event.user_agent].filter(Boolean).join(" · ")}
        </Text>
      ) : null}
    </li>
  );
}
