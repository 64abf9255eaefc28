import { Trans } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { ErrorAlert } from "./error-alert";

interface FormActionsProps {
  /** The failed submission's message for the reader, or null. */
  error: string | null;
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
}

/** The foot of a form in a dialog: the last error, then Cancel and the submit button, at the end. */
export function FormActions({ error, onCancel, pending, submitLabel }: FormActionsProps) {
  return (
    <>
      <ErrorAlert message={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
