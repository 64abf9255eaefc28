import { useTeamActivity, useTeamMembers, type SecurityEvent } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { RelativeTime } from "../../../components/relative-time";
import { sessionDevice } from "../sessions/session-device";
import { actorWords, teamActivityWords } from "./team-activity-words";

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * A team's audit events for its admins, newest first: what happened, who did it, when, and from
 * which device and address. Members are named where the reader may read the member list.
 */
export function TeamActivity({ teamId, teamName, selfId, canReadMembers }: { teamId: string; teamName: string; selfId: string; canReadMembers: boolean }) {
  return canReadMembers ? <NamedActivity teamId={teamId} teamName={teamName} selfId={selfId} /> : <ActivityList teamId={teamId} teamName={teamName} selfId={selfId} names={NO_NAMES} />;
}

function NamedActivity({ teamId, teamName, selfId }: { teamId: string; teamName: string; selfId: string }) {
  const members = useTeamMembers(teamId);
  const names = new Map(members.filter((member) => member.display_name).map((member) => [member.user_id, member.display_name!]));
  return <ActivityList teamId={teamId} teamName={teamName} selfId={selfId} names={names} />;
}

function ActivityList({ teamId, teamName, selfId, names }: { teamId: string; teamName: string; selfId: string; names: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const activity = useTeamActivity(teamId);
  if (activity.events.length === 0) {
    return <EmptyState icon={<IconHistory aria-hidden />} withIndicatorBackground title={t`No activity in this team yet`} />;
  }
  return (
    <Stack gap="sm">
      <ul aria-label={t`Activity in ${teamName}`} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {activity.events.map((event) => (
          <ActivityItem key={event.id} event={event} selfId={selfId} names={names} />
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

function ActivityItem({ event, selfId, names }: { event: SecurityEvent; selfId: string; names: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const ip = event.ip;
  const target = event.target?.type === "user" && event.target.id !== event.actor.id ? (event.target.id === selfId ? t`you` : names.get(event.target.id)) : undefined;
  const what = target ? `${teamActivityWords(event.action)}: ${target}` : teamActivityWords(event.action);
  const origin = [actorWords(event.actor, selfId, names), sessionDevice(event.user_agent), ip ? t`IP address ${ip}` : null].filter(Boolean).join(" · ");
  return (
    <li data-audit-action={event.action} style={{ padding: "8px 0", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} c={event.action.endsWith(".failed") ? "var(--mantine-color-red-text)" : undefined} className="break-anywhere">
          {what}
        </Text>
        <Text size="sm" c="dimmed">
          <RelativeTime millis={event.created_at_millis} />
        </Text>
      </Group>
      <Text size="sm" c="dimmed" className="break-anywhere">
        {origin}
      </Text>
    </li>
  );
}
