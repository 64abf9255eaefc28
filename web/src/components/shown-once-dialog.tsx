import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface ShownOnceValue {
  label: string;
  value: string;
  /** What the copy button says: "Copy key". */
  copyLabel: string;
  testId?: string;
}

interface ShownOnceDialogProps {
  /** Open while there are values; closing forgets them. */
  values: ShownOnceValue[] | null;
  title: string;
  /** What the values are for, and what is kept of them afterwards. */
  warning: ReactNode;
  onClose: () => void;
  /** Shown under the values: what to do with them. */
  children?: ReactNode;
}

/**
 * The one time secrets (API keys, signing secrets) are shown whole, each with a copy button.
 * Clicking beside the dialog does not close it, so that they are not lost by accident.
 */
export function ShownOnceDialog({ values, title, warning, onClose, children }: ShownOnceDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={values !== null} onClose={onClose} title={title} centered closeOnClickOutside={false} returnFocus={false} size="lg">
      {values ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t`Copy it now`}>
            {warning}
          </Alert>
          {values.map(({ label, value, copyLabel, testId }) => (
            <Stack gap={4} key={label}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <CopyButton value={value} timeout={2000}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant={copied ? "light" : "filled"}
                      color={copied ? "green" : undefined}
                      leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                      onClick={copy}
                    >
                      {copied ? t`Copied` : copyLabel}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Code block className="break-anywhere" data-testid={testId} style={{ whiteSpace: "pre-wrap" }}>
                {value}
              </Code>
            </Stack>
          ))}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
