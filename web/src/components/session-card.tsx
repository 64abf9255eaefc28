import type { ActiveSession } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { sessionPlace } from "../lib/session-place";

interface SessionCardProps {
  session: ActiveSession;
  /** The list item's accessible name. */
  label: string;
  icon: ReactNode;
  /** The first line: what the session is, with any badge of its own. */
  title: ReactNode;
  /** What the Impersonation badge's tooltip says to this reader. */
  impersonationNote: string;
  /** The second line: when it began or was last used. */
  when: ReactNode;
  /** Sign out, revoke. */
  action: ReactNode;
}

/** One session in a list (an `li`): its device or start, when it was used, from where, and its action. */
export function SessionCard({ session, label, icon, title, impersonationNote, when, action }: SessionCardProps) {
  const { i18n } = useLingui();
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={label} data-session-id={session.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              {title}
              {session.is_impersonation ? (
                <Tooltip label={impersonationNote} events={{ hover: true, focus: true, touch: true }}>
                  <Badge color="orange" variant="light" tabIndex={0}>
                    <Trans>Impersonation</Trans>
                  </Badge>
                </Tooltip>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {when}
            </Text>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {sessionPlace(session, i18n.locale)}
            </Text>
          </Stack>
        </Group>
        {action}
      </Group>
    </Paper>
  );
}
