import { useGatehouse, type ActiveSession } from "@gatehouse/clients/react";
import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile } from "@tabler/icons-react";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/relative-time";
import { exactTime } from "../../../lib/format-time";
import { sessionDevice, sessionDeviceKind } from "./session-device";
import { sessionPlace } from "../../../lib/session-place";

/** One session: on which device and browser, when it began and was last used, from where, and how to end it. */
export function SessionItem({ session, onRevoke }: { session: ActiveSession; onRevoke: () => void }) {
  const { urls } = useGatehouse();
  const started = exactTime(session.created_at);
  const device = sessionDevice(session.user_agent);
  const DeviceIcon = sessionDeviceKind(session.user_agent) === "mobile" ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper component="li" withBorder radius="md" p="sm" mb="xs" aria-label={session.is_current_session ? "This device" : `${device ?? "Session"} signed in on ${started}`} data-session-id={session.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
            <DeviceIcon size={20} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={500}>{device ?? "Unknown device"}</Text>
              {session.is_current_session ? <Badge variant="filled">This device</Badge> : null}
              {session.is_impersonation ? (
                <Tooltip label="Someone managing this app signed in as you" events={{ hover: true, focus: true, touch: true }}>
                  <Badge color="orange" variant="light" tabIndex={0}>
                    Impersonation
                  </Badge>
                </Tooltip>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              Signed in <RelativeTime millis={session.created_at} />, last used <RelativeTime millis={session.last_used_at} />
            </Text>
            <Text size="sm" c="dimmed" className="break-anywhere">
              {sessionPlace(session)}
            </Text>
          </Stack>
        </Group>
        {session.is_current_session ? (
          <Button component={Link} to={urls.signOut} variant="default" size="xs">
            Sign out
          </Button>
        ) : (
          <Button variant="light" color="red" size="xs" onClick={onRevoke} aria-label={`Revoke the session signed in on ${started}`}>
            Revoke
          </Button>
        )}
      </Group>
    </Paper>
  );
}
