import { ActionIcon, Code, CopyButton, Group, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

interface CopyableValueProps {
  value: string;
  /** What the button says to a screen reader and in its tooltip: "Copy the client ID". */
  copyLabel: string;
  testId?: string;
  /** Kept on one line (a table's cell), instead of wrapping anywhere. */
  nowrap?: boolean;
}

/** A value to paste elsewhere (a client ID, an address), in monospace, wrapping anywhere, with a copy button. */
export function CopyableValue({ value, copyLabel, testId, nowrap = false }: CopyableValueProps) {
  return (
    <Group gap={4} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      <Code className={nowrap ? undefined : "break-anywhere"} data-testid={testId} style={nowrap ? { whiteSpace: "nowrap" } : { minWidth: 0 }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? "Copied" : copyLabel} withArrow>
            <ActionIcon variant="subtle" color={copied ? "teal" : "gray"} onClick={copy} aria-label={copyLabel} size="sm" style={{ flexShrink: 0 }}>
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
