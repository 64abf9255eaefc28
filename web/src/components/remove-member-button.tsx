import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUserMinus } from "@tabler/icons-react";
import { ConfirmAction } from "./confirm-action";

interface RemoveMemberButtonProps {
  name: string;
  teamName: string;
  /** Removes the member (a mutation's `mutateAsync`). */
  remove: () => Promise<unknown>;
  /** What happens to them, after they lose access: how they can come back. */
  consequence: string;
  /** The page's own action (a member's page) rather than one row's. */
  prominent?: boolean;
  onDone?: () => void;
}

/** Takes a member out of a team after a confirmation that says what they lose. */
export function RemoveMemberButton({ name, teamName, remove, consequence, prominent = false, onDone }: RemoveMemberButtonProps) {
  const { t } = useLingui();
  return (
    <ConfirmAction
      trigger={(ask) =>
        prominent ? (
          <Button variant="outline" color="red" leftSection={<IconUserMinus size={16} aria-hidden />} onClick={ask}>
            <Trans>Remove from team</Trans>
          </Button>
        ) : (
          <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={t`Remove ${name} from the team`} style={{ flexShrink: 0 }}>
            <Trans>Remove</Trans>
          </Button>
        )
      }
      title={t`Remove ${name}?`}
      confirmLabel={t`Remove member`}
      action={remove}
      onDone={() => {
        notifications.show({ message: t`${name} is no longer a member of ${teamName}.`, color: "green" });
        onDone?.();
      }}
    >
      {`${t`${name} loses access to ${teamName} at once.`} ${consequence}`}
    </ConfirmAction>
  );
}
