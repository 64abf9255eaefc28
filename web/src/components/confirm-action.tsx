import { Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState, type ReactNode } from "react";
import { errorMessage } from "../lib/error-message";
import { ConfirmModal } from "./confirm-modal";

interface ConfirmActionProps {
  /** The button that asks, given the function that opens the question. */
  trigger: (ask: () => void) => ReactNode;
  /** The question: "Leave Harbour Crew?" */
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  /** The button that does it: "Leave team". */
  confirmLabel: string;
  /** Does it (a mutation's `mutateAsync`); the dialog closes when it succeeds and shows why when it fails. */
  action: () => Promise<unknown>;
  /**
   * After success. Runs even when the success removed the trigger from the page (a member
   * removed, a team left), which a mutation's own `onSuccess` would not.
   */
  onDone?: () => void;
}

/** Something that cannot be undone, asked first: the confirming button is red and shows progress. */
export function ConfirmAction({ trigger, title, children, confirmLabel, action, onDone }: ConfirmActionProps) {
  const [opened, dialog] = useDisclosure(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ask = () => {
    setError(null);
    dialog.open();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await action();
      dialog.close();
      onDone?.();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {trigger(ask)}
      <ConfirmModal opened={opened} onClose={dialog.close} title={title} confirmLabel={confirmLabel} onConfirm={() => void confirm()} pending={pending} error={error}>
        {typeof children === "string" ? <Text size="sm">{children}</Text> : children}
      </ConfirmModal>
    </>
  );
}
