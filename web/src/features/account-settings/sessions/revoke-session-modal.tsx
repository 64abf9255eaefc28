import { useRevokeSession, type ActiveSession } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { useState, type RefObject } from "react";
import { notifications } from "@mantine/notifications";
import { ConfirmModal } from "../../../components/confirm-modal";
import { exactTime } from "../../../lib/format-time";
import { sessionErrorMessage } from "./session-error-message";

interface RevokeSessionModalProps {
  /** The session to revoke; null while closed. */
  session: ActiveSession | null;
  onClose: () => void;
  /** Takes the focus when the session's Revoke button is gone. */
  fallbackFocus: RefObject<HTMLElement | null>;
}

/**
 * Confirms revoking one session. It sits beside the list rather than in the session's item, so
 * that it stays to explain a refusal when the list, read again, no longer has the session.
 */
export function RevokeSessionModal({ session, onClose, fallbackFocus }: RevokeSessionModalProps) {
  const { t, i18n } = useLingui();
  const revoke = useRevokeSession();
  // The last session asked about stays in the text while the dialog fades out.
  const [shown, setShown] = useState(session);
  if (session !== null && session !== shown) setShown(session);
  const started = shown ? exactTime(shown.created_at, i18n.locale) : "";
  const ip = shown?.last_used_at_end_user_ip_info?.ip;
  const confirm = () => {
    if (!shown) return;
    revoke.mutate(
      { sessionId: shown.id, data: {}, params: { user_id: "me" } },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: t`The session signed in on ${started} is revoked.`, color: "green" });
        },
      },
    );
  };
  return (
    <ConfirmModal
      opened={session !== null}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
      title={t`Revoke this session?`}
      confirmLabel={t`Revoke session`}
      onConfirm={confirm}
      pending={revoke.isPending}
      error={revoke.error ? sessionErrorMessage(revoke.error) : null}
      fallbackFocus={fallbackFocus}
    >
      <Text>
        {ip ? (
          <Trans>
            The browser or app that signed in on {started} and was last used from {ip} will be signed out, and has to sign in again to use your
            account.
          </Trans>
        ) : (
          <Trans>The browser or app that signed in on {started} will be signed out, and has to sign in again to use your account.</Trans>
        )}
      </Text>
    </ConfirmModal>
  );
}
