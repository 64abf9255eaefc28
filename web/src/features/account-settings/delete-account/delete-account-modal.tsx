import { useDeleteAccount, useGatehouse, type CurrentUser } from "@gatehouse/clients/react";
import { Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { TypeToDeleteModal } from "../../../components/type-to-delete-modal";
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
  return (
    <TypeToDeleteModal
      opened={opened}
      onClose={onClose}
      title="Delete your account?"
      confirmLabel="Delete account"
      email={user.primary_email}
      emailLabel="To confirm, type your e-mail address"
      description={user.primary_email ? null : "Your account has no e-mail address, so the word delete stands in for it."}
      deletion={{ mutateAsync: () => remove.mutateAsync(), isPending: remove.isPending, reset: remove.reset }}
      error={remove.error ? errorMessage(remove.error) : null}
      onDeleted={() => {
        // The session ends with the account, and this page, which needs a user, would send the
        // browser to sign in: home has to be on screen before that render, hence flushSync (the router commits without a transition, app.tsx).
        flushSync(() => void navigate(urls.home, { replace: true }));
        notifications.show({ message: "Your account is deleted.", color: "green" });
      }}
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
    </TypeToDeleteModal>
  );
}
