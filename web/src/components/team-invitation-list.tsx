import type { TeamInvitation } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useId } from "react";
import { exactTime } from "../lib/format-time";
import { ConfirmAction } from "./confirm-action";

interface TeamInvitationListProps {
  invitations: TeamInvitation[];
  /** Withdraws one (a mutation's `mutateAsync`); without it the invitations are only listed. */
  withdraw?: (invitation: TeamInvitation) => Promise<unknown>;
}

/** A team's invitations not yet accepted, each of which can be withdrawn after a confirmation. */
export function TeamInvitationList({ invitations, withdraw }: TeamInvitationListProps) {
  const headingId = useId();
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No invitations are waiting for an answer.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={headingId}>
        Waiting for an answer
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-labelledby={headingId}>
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
            {withdraw ? <WithdrawButton invitation={invitation} withdraw={withdraw} /> : null}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function WithdrawButton({ invitation, withdraw }: { invitation: TeamInvitation; withdraw: (invitation: TeamInvitation) => Promise<unknown> }) {
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
      action={() => withdraw(invitation)}
      onDone={() => notifications.show({ message: `The invitation to ${recipient} is withdrawn.`, color: "green" })}
    >
      {`The link sent to ${recipient} stops working. You can invite them again later.`}
    </ConfirmAction>
  );
}
