import { useDeleteAccount, useGatehouse, type CurrentUser } from "@gatehouse/clients/react";
import { Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmModal } from "../../../components/confirm-modal";
import { errorMessage } from "../../../lib/error-message";

interface DeleteAccountModalProps {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}

/** The last step: the user types their e-mail address (or "delete", without one) before the button works. */
export function DeleteAccountModal({ user, opened, onClose }: DeleteAccountModalProps) {
  const remove = useDeleteAccount();
  const { urls } = useGatehouse();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const expected = user.primary_email ?? "delete";
  const matches = typed.trim().toLowerCase() === expected.toLowerCase();

  const close = () => {
    setTyped("");
    remove.reset();
    onClose();
  };
  const confirm = () =>
    remove.mutateAsync().then(
      () => {
        // The session ends with the account, and this page, which needs a user, would send the
        // browser to sign in: home has to be on screen before that render, hence flushSync.
        void navigate(urls.home, { replace: true, flushSync: true });
        notifications.show({ message: "Your account is deleted.", color: "green" });
      },
      // The dialog shows remove.error.
      () => {},
    );

  return (
    <ConfirmModal
      opened={opened}
      onClose={close}
      title="Delete your account?"
      confirmLabel="Delete account"
      onConfirm={() => void confirm()}
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      confirmDisabled={!matches}
    >
      <Text>
        {user.primary_email ? (
          <>
            The account <strong className="break-anywhere">{user.primary_email}</strong> and everything in it will be deleted right away.
          </>
        ) : (
          "Your account and everything in it will be deleted right away."
        )}{" "}
        You cannot undo this.
      </Text>
      <TextInput
        label={user.primary_email ? "To confirm, type your e-mail address" : "To confirm, type delete"}
        description={user.primary_email ? null : "Your account has no e-mail address, so the word delete stands in for it."}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
      />
    </ConfirmModal>
  );
}
