import type { api } from "@gatehouse/clients/react";
import { Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRef, useState } from "react";
import { ConfirmModal } from "../../../components/confirm-modal";
import { ErrorAlert } from "../../../components/error-alert";
import { EmailCard } from "../../../components/email-card";
import { useProjectId } from "../shell/project-context";
import { EmailVerificationActions } from "./email-verification-actions";
import { useRemoveUserEmail, useUpdateUserEmail } from "./use-user-emails";
import { userErrorMessage } from "./user-error-message";

/** One of the user's addresses: what it is, verifying it, and the menu of what else can be done. */
export function UserEmailItem({ channel, onRemoved }: { channel: api.ContactChannel; onRemoved: () => void }) {
  const projectId = useProjectId();
  const update = useUpdateUserEmail(projectId, channel.user_id);
  const remove = useRemoveUserEmail(projectId, channel.user_id);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [removing, setRemoving] = useState(false);
  const ids = { userId: channel.user_id, contactChannelId: channel.id };
  const address = channel.value;

  const change = (data: api.ContactChannelUpdate, message: string) => {
    remove.reset();
    update.mutate({ ...ids, data }, { onSuccess: () => notifications.show({ message, color: "green" }) });
  };
  // Not mutate's own onSuccess: the list is read again before it would run, and this row,
  // gone from it by then, would never hear of the success.
  const confirmRemove = () =>
    remove.mutateAsync(ids).then(
      () => {
        setRemoving(false);
        notifications.show({ message: `${address} is removed from the user.`, color: "green" });
        onRemoved();
      },
      // The dialog shows remove.error.
      () => {},
    );

  return (
    <EmailCard
      channel={channel}
      pending={update.isPending}
      onMakePrimary={() => change({ is_primary: true }, `${address} is now the primary address.`)}
      onSignInChange={(usedForAuth) =>
        change({ used_for_auth: usedForAuth }, usedForAuth ? `The user can now sign in with ${address}.` : `${address} is no longer used for sign-in.`)
      }
      onRemove={() => {
        remove.reset();
        setRemoving(true);
      }}
      buttonRef={menuButton}
      dialogs={
        <>
          <ConfirmModal
            opened={removing}
            onClose={() => setRemoving(false)}
            title="Remove this e-mail address?"
            confirmLabel="Remove address"
            onConfirm={() => void confirmRemove()}
            pending={remove.isPending}
            error={remove.error ? userErrorMessage(remove.error) : null}
            fallbackFocus={menuButton}
          >
            <Text>
              <strong className="break-anywhere">{address}</strong> will be removed from this user.
              {channel.is_primary ? " It is their primary address: account mail has nowhere to go until another address is made primary." : ""}
              {channel.used_for_auth ? " They can no longer sign in with it." : ""}
            </Text>
          </ConfirmModal>
        </>
      }
    >
      <EmailVerificationActions channel={channel} />
      <ErrorAlert message={update.error ? userErrorMessage(update.error) : null} />
    </EmailCard>
  );
}
