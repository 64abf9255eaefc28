import { Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { EmailActionsMenu, type EmailActionsMenuProps } from "./email-actions-menu";
import { EmailBadges } from "./email-badges";

interface EmailCardProps extends EmailActionsMenuProps {
  /** What follows the address in the card: verification, the last error. */
  children: ReactNode;
  /** The card's dialogs. */
  dialogs: ReactNode;
}

/** One e-mail address in a list (an `li`): the address, its badges and its actions menu. */
export function EmailCard({ children, dialogs, ...menu }: EmailCardProps) {
  const { channel } = menu;
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={channel.value}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text fw={500} className="break-anywhere">
              {channel.value}
            </Text>
            <EmailBadges channel={channel} />
          </Stack>
          <EmailActionsMenu {...menu} />
        </Group>
        {children}
      </Stack>
      {dialogs}
    </Paper>
  );
}
