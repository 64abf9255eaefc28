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
   * Where the focus goes when the dialog closes, for dialogs opened from a menu: the menu item
   * that had the focus is gone by then. By default, the element focused before it opened.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Asks before a destructive action and says what it will do. Focus starts on Cancel (or on an
 * element of `children` marked `data-autofocus`), so Enter alone never destroys anything.
 */
export function ConfirmModal({ opened, onClose, title, children, confirmLabel, onConfirm, pending = false, error, confirmDisabled = false, returnFocusTo }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
    >
      <Stack gap="md">
        {children}
        <ErrorAlert message={error ?? null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
