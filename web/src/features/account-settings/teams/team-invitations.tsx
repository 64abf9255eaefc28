import { useTeamInvitations } from "@gatehouse/clients/react";
import { Group, Stack, Text } from "@mantine/core";
import { exactTime } from "../../../lib/format-time";
import { RevokeInvitationButton } from "./revoke-invitation-button";

/** Invitations not yet accepted; listing them needs `$read_members` and `$invite_members`, withdrawing one `$remove_members`. */
export function TeamInvitations({ teamId, canRevoke }: { teamId: string; canRevoke: boolean }) {
  const invitations = useTeamInvitations(teamId);
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No invitations are waiting for an answer.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={`invitations-${teamId}`}>
        Waiting for an answer
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-labelledby={`invitations-${teamId}`}>
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
            {canRevoke ? <RevokeInvitationButton invitation={invitation} /> : null}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
