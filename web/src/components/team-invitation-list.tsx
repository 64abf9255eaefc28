import type { TeamInvitation } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
  const { i18n } = useLingui();
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No invitations are waiting for an answer.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={headingId}>
        <Trans>Waiting for an answer</Trans>
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-labelledby={headingId}>
        {invitations.map((invitation) => (
          <Invitation key={invitation.id} invitation={invitation} withdraw={withdraw} locale={i18n.locale} />
        ))}
      </Stack>
    </Stack>
  );
}

function Invitation({
  invitation,
  withdraw,
  locale,
}: {
  invitation: TeamInvitation;
  withdraw?: (invitation: TeamInvitation) => Promise<unknown>;
  locale: string;
}) {
  const expires = exactTime(invitation.expires_at_millis, locale);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" className="break-anywhere">
          {invitation.recipient_email}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>Expires {expires}</Trans>
        </Text>
      </Stack>
      {withdraw ? <WithdrawButton invitation={invitation} withdraw={withdraw} /> : null}
    </Group>
  );
}

function WithdrawButton({ invitation, withdraw }: { invitation: TeamInvitation; withdraw: (invitation: TeamInvitation) => Promise<unknown> }) {
  const { t } = useLingui();
  const recipient = invitation.recipient_email;
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={ask}
          aria-label={t`Withdraw the invitation to ${recipient}`}
          style={{ flexShrink: 0 }}
        >
          <Trans>Withdraw</Trans>
        </Button>
      )}
      title={t`Withdraw this invitation?`}
      confirmLabel={t`Withdraw invitation`}
      action={() => withdraw(invitation)}
      onDone={() => notifications.show({ message: t`The invitation to ${recipient} is withdrawn.`, color: "green" })}
    >
      {t`The link sent to ${recipient} stops working. You can invite them again later.`}
    </ConfirmAction>
  );
}
