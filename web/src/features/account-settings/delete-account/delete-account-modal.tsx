import { useDeleteAccount, useGatehouse, type CurrentUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const remove = useDeleteAccount();
  const email = user.primary_email;
  const { urls } = useGatehouse();
  const navigate = useNavigate();
  return (
    <TypeToDeleteModal
      opened={opened}
      onClose={onClose}
      title={t`Delete your account?`}
      confirmLabel={t`Delete account`}
      email={user.primary_email}
      emailLabel={t`To confirm, type your e-mail address`}
      description={user.primary_email ? null : t`Your account has no e-mail address, so the word delete stands in for it.`}
      deletion={{ mutateAsync: () => remove.mutateAsync(), isPending: remove.isPending, reset: remove.reset }}
      error={remove.error ? errorMessage(remove.error) : null}
      onDeleted={() => {
        // The session ends with the account, and this page, which needs a user, would send the
        // browser to sign in: home has to be on screen before that render, hence flushSync (the router commits without a transition, app.tsx).
        flushSync(() => void navigate(urls.home, { replace: true }));
        notifications.show({ message: t`Your account is deleted.`, color: "green" });
      }}
    >
      <Text>
        {email ? (
          <Trans>
            The account <strong className="break-anywhere">{email}</strong> and everything in it will be deleted right away. You cannot undo this.
          </Trans>
        ) : (
          <Trans>Your account and everything in it will be deleted right away. You cannot undo this.</Trans>
        )}
      </Text>
    </TypeToDeleteModal>
  );
}
