import { useDeleteContactChannel, useSendVerificationEmail, useUpdateContactChannel, type ContactChannel } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRef, useState } from "react";
import { ErrorAlert } from "../../../components/error-alert";
import { handlerUrl } from "../../../lib/handler-paths";
import { EmailCard } from "../../../components/email-card";
import { emailErrorMessage } from "./email-error-message";
import { RemoveEmailModal, StopSignInModal } from "./email-confirmations";

interface EmailItemProps {
  channel: ContactChannel;
  /** The user's one address used for sign-in: taking it away needs a warning. */
  onlySignInAddress: boolean;
  onRemoved: () => void;
}

/** One address: what it is, and what can be done with it. */
export function EmailItem({ channel, onlySignInAddress, onRemoved }: EmailItemProps) {
  const { t } = useLingui();
  const send = useSendVerificationEmail();
  const update = useUpdateContactChannel();
  const remove = useDeleteContactChannel();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState<"remove" | "stop-sign-in" | null>(null);
  const ids = { userId: "me", contactChannelId: channel.id } as const;
  const address = channel.value;

  const startOver = () => {
    send.reset();
    update.reset();
    remove.reset();
  };
  const done = (message: string) => {
    setConfirming(null);
    notifications.show({ message, color: "green" });
  };

  const sendVerification = () => {
    startOver();
    send.mutate(
      { ...ids, data: { callback_url: handlerUrl("emailVerification") } },
      { onSuccess: () => done(t`We sent a verification link to ${address}. Open it to verify the address.`) },
    );
  };
  const change = (data: { is_primary?: true; used_for_auth?: boolean }, message: string) => {
    startOver();
    update.mutate({ ...ids, data }, { onSuccess: () => done(message) });
  };
  const setSignIn = (usedForAuth: boolean) =>
    change({ used_for_auth: usedForAuth }, usedForAuth ? t`You can now sign in with ${address}.` : t`${address} is no longer used for sign-in.`);
  const askToRemove = () => {
    startOver();
    setConfirming("remove");
  };
  // Not mutate's own onSuccess: the list is read again before it would run, and this row,
  // gone from it by then, would never hear of the success.
  const confirmRemove = () =>
    remove.mutateAsync(ids).then(
      () => {
        done(t`${address} is removed from your account.`);
        onRemoved();
      },
      // The dialog shows remove.error.
      () => {},
    );

  const failure = send.error ?? update.error ?? remove.error;
  const error = failure ? emailErrorMessage(failure) : null;

  return (
    <EmailCard
      channel={channel}
      pending={update.isPending}
      onMakePrimary={() => change({ is_primary: true }, t`${address} is now your primary address.`)}
      onSignInChange={(usedForAuth) => (!usedForAuth && onlySignInAddress ? setConfirming("stop-sign-in") : setSignIn(usedForAuth))}
      onRemove={askToRemove}
      buttonRef={menuButton}
      dialogs={
        <>
          <RemoveEmailModal
            opened={confirming === "remove"}
            onClose={() => setConfirming(null)}
            channel={channel}
            onlySignInAddress={onlySignInAddress}
            onConfirm={confirmRemove}
            pending={remove.isPending}
            error={error}
            fallbackFocus={menuButton}
          />
          <StopSignInModal
            opened={confirming === "stop-sign-in"}
            onClose={() => setConfirming(null)}
            address={address}
            onConfirm={() => setSignIn(false)}
            pending={update.isPending}
            error={error}
            fallbackFocus={menuButton}
          />
        </>
      }
    >
      {channel.is_verified ? null : (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            loading={send.isPending}
            onClick={sendVerification}
            aria-label={t`Send verification e-mail to ${address}`}
          >
            <Trans>Send verification e-mail</Trans>
          </Button>
        </Group>
      )}
      {confirming ? null : <ErrorAlert message={error} />}
    </EmailCard>
  );
}
