import { Trans } from "@lingui/react/macro";
import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode, RefObject } from "react";
import { ErrorAlert } from "./error-alert";

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Why the action was refused, shown above the buttons. */
  error?: string | null;
  confirmDisabled?: boolean;
  /**
   * Where the focus goes after the dialog closes when the element that opened it is gone (a
   * menu item, an item the dialog removed); otherwise it goes back to that element.
   */
  fallbackFocus?: RefObject<HTMLElement | null>;
}

/**
 * Asks before a destructive action and says what it will do. Focus starts on Cancel (or on an
 * element of `children` marked `data-autofocus`), so Enter alone never destroys anything.
 */
export function ConfirmModal({ opened, onClose, title, children, confirmLabel, onConfirm, pending = false, error, confirmDisabled = false, fallbackFocus }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      onExitTransitionEnd={() => {
        // After the dialog's content is gone: the focus is on the body if it had nowhere to return to.
        setTimeout(() => {
          if (document.activeElement === null || document.activeElement === document.body) fallbackFocus?.current?.focus();
        }, 0);
      }}
    >
      <Stack gap="md">
        {children}
        <ErrorAlert message={error ?? null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
