import { useTeamActivity, useTeamMembers } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { ActivityList } from "../security-activity/activity-list";
import { describeTeamEvent } from "./team-activity-words";

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/**
 * A team's audit events for its admins, newest first: what happened, who did it, when, and from
 * which device and address. Members are named where the reader may read the member list.
 */
export function TeamActivity({ teamId, teamName, selfId, canReadMembers }: { teamId: string; teamName: string; selfId: string; canReadMembers: boolean }) {
  return canReadMembers ? <NamedEvents teamId={teamId} teamName={teamName} selfId={selfId} /> : <TeamEvents teamId={teamId} teamName={teamName} selfId={selfId} names={NO_NAMES} />;
}

function NamedEvents({ teamId, teamName, selfId }: { teamId: string; teamName: string; selfId: string }) {
  const members = useTeamMembers(teamId);
  const names = new Map(members.filter((member) => member.display_name).map((member) => [member.user_id, member.display_name!]));
  return <TeamEvents teamId={teamId} teamName={teamName} selfId={selfId} names={names} />;
}

function TeamEvents({ teamId, teamName, selfId, names }: { teamId: string; teamName: string; selfId: string; names: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const activity = useTeamActivity(teamId);
  if (activity.events.length === 0) {
    return <EmptyState icon={<IconHistory aria-hidden />} withIndicatorBackground title={t`No activity in this team yet`} />;
  }
  return <ActivityList label={t`Activity in ${teamName}`} pages={activity} describe={(event) => describeTeamEvent(event, selfId, names)} />;
}
