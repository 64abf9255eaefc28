import type { ContactChannel } from "@gatehouse/clients/react";
import { Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { EmailBadges } from "./email-badges";

interface EmailCardProps {
  channel: ContactChannel;
  /** The address's actions (an EmailActionsMenu), beside it. */
  menu: ReactNode;
  /** What follows the address in the card: verification, the last error. */
  children: ReactNode;
  /** The card's dialogs. */
  dialogs: ReactNode;
}

/** One e-mail address in a list (an `li`): the address, its badges and its actions menu. */
export function EmailCard({ channel, menu, children, dialogs }: EmailCardProps) {
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
          {menu}
        </Group>
        {children}
      </Stack>
      {dialogs}
    </Paper>
  );
}
