import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { exactTime } from "../../../lib/format-time";
import { useRevokeTeamInvitation, useTeamInvitationList } from "./use-team-invitations";

/** Invitations not yet accepted, each of which can be withdrawn. */
export function TeamInvitationList({ projectId, teamId }: { projectId: string; teamId: string }) {
  const invitations = useTeamInvitationList(projectId, teamId);
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No invitations are waiting for an answer.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label="Invitations waiting for an answer">
      {invitations.map((invitation) => (
        <Group component="li" key={invitation.id} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" className="break-anywhere">
              {invitation.recipient_email}
            </Text>
            <Text size="xs" c="dimmed">
              Expires {exactTime(invitation.expires_at_millis)}
            </Text>
          </Stack>
          <RevokeInvitationButton projectId={projectId} invitation={invitation} />
        </Group>
      ))}
    </Stack>
  );
}

function RevokeInvitationButton({ projectId, invitation }: { projectId: string; invitation: api.TeamInvitation }) {
  const revoke = useRevokeTeamInvitation(projectId);
  const recipient = invitation.recipient_email;
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={`Withdraw the invitation to ${recipient}`} style={{ flexShrink: 0 }}>
          Withdraw
        </Button>
      )}
      title="Withdraw this invitation?"
      confirmLabel="Withdraw invitation"
      action={() => revoke.mutateAsync({ id: invitation.id, params: { team_id: invitation.team_id } })}
      onDone={() => notifications.show({ message: `The invitation to ${recipient} is withdrawn.`, color: "green" })}
    >
      {`The link sent to ${recipient} stops working. You can invite them again later.`}
    </ConfirmAction>
  );
}
