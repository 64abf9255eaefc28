import { useLingui } from "@lingui/react/macro";
import { TextInput } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { ConfirmModal } from "./confirm-modal";

interface TypeToDeleteModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  /** What has to be typed: the account's e-mail address, or null for the word delete. */
  email: string | null;
  /** The field's label when there is an address to type. */
  emailLabel: string;
  /** Under the field: the address, or why the word delete stands in. */
  description: ReactNode;
  /** The deletion (a mutation); the dialog shows its error and closes only when the caller leaves. */
  deletion: { mutateAsync: () => Promise<unknown>; isPending: boolean; reset: () => void };
  error: string | null;
  onDeleted: () => void;
  /** What is deleted. */
  children: ReactNode;
}

/** A deletion that cannot be undone: the button works once the e-mail address (or "delete", without one) is typed. */
export function TypeToDeleteModal({ opened, onClose, title, confirmLabel, email, emailLabel, description, deletion, error, onDeleted, children }: TypeToDeleteModalProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState("");
  const expected = email ?? "delete";
  const close = () => {
    setTyped("");
    deletion.reset();
    onClose();
  };
  // The dialog shows the deletion's error.
  const confirm = () => deletion.mutateAsync().then(onDeleted, () => {});
  return (
    <ConfirmModal
      opened={opened}
      onClose={close}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={() => void confirm()}
      pending={deletion.isPending}
      error={error}
      confirmDisabled={typed.trim().toLowerCase() !== expected.toLowerCase()}
    >
      {children}
      <TextInput
        label={email ? emailLabel : t`To confirm, type delete`}
        description={description}
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
