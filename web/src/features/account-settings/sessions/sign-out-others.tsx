import { useRevokeOtherSessions } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState, type RefObject } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { sessionErrorMessage } from "./session-error-message";

interface SignOutOthersProps {
  /** Every session but this one. */
  sessionIds: string[];
  /** Takes the focus once the button is gone with the sessions it ended. */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/** "Sign out of all other sessions"; with none left, says so. */
export function SignOutOthers({ sessionIds, fallbackFocus }: SignOutOthersProps) {
  const { t } = useLingui();
  const revoke = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [count, setCount] = useState(sessionIds.length);
  const ask = () => {
    revoke.reset();
    setCount(sessionIds.length);
    setConfirming(true);
  };
  const confirm = () =>
    revoke.mutate(
      { sessionIds },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({ message: t`You are signed out of every other session.`, color: "green" });
        },
      },
    );
  return (
    <>
      {sessionIds.length > 0 ? (
        <Group>
          <Button variant="default" onClick={ask}>
            <Trans>Sign out of all other sessions</Trans>
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>You are signed in only here.</Trans>
        </Text>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Sign out of all other sessions?`}
        confirmLabel={t`Sign out other sessions`}
        onConfirm={confirm}
        pending={revoke.isPending}
        error={revoke.error ? sessionErrorMessage(revoke.error) : null}
        fallbackFocus={fallbackFocus}
      >
        <Text>
          {/* count is at least 1: "one" against the rest is right in every language offered. */}
          {count === 1 ? (
            <Trans>The other browser or app signed in to your account will be signed out. You stay signed in here.</Trans>
          ) : (
            <Trans>All {count} other browsers and apps signed in to your account will be signed out. You stay signed in here.</Trans>
          )}
        </Text>
      </ConfirmModal>
    </>
  );
}
