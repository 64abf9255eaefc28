import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A refusal or failure, announced to screen readers as it appears. */
export function ErrorAlert({ message, title, children }: { message: string | null; title?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      {message}
      {children}
    </Alert>
  );
}
