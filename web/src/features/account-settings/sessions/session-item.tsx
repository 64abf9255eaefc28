import { useGatehouse, type ActiveSession } from "@gatehouse/clients/react";
import { Badge, Button, Text } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile } from "@tabler/icons-react";
import { Link } from "react-router";
import { RelativeTime } from "../../../components/relative-time";
import { SessionCard } from "../../../components/session-card";
import { exactTime } from "../../../lib/format-time";
import { sessionDevice, sessionDeviceKind } from "./session-device";

/** One session: on which device and browser, when it began and was last used, from where, and how to end it. */
export function SessionItem({ session, onRevoke }: { session: ActiveSession; onRevoke: () => void }) {
  const { urls } = useGatehouse();
  const started = exactTime(session.created_at);
  const device = sessionDevice(session.user_agent);
  const DeviceIcon = sessionDeviceKind(session.user_agent) === "mobile" ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <SessionCard
      session={session}
      label={session.is_current_session ? "This device" : `${device ?? "Session"} signed in on ${started}`}
      icon={<DeviceIcon size={20} />}
      title={
        <>
          <Text fw={500}>{device ?? "Unknown device"}</Text>
          {session.is_current_session ? <Badge variant="filled">This device</Badge> : null}
        </>
      }
      impersonationNote="Someone managing this app signed in as you"
      when={
        <>
          Signed in <RelativeTime millis={session.created_at} />, last used <RelativeTime millis={session.last_used_at} />
        </>
      }
      action={
        session.is_current_session ? (
          <Button component={Link} to={urls.signOut} variant="default" size="xs">
            Sign out
          </Button>
        ) : (
          <Button variant="light" color="red" size="xs" onClick={onRevoke} aria-label={`Revoke the session signed in on ${started}`}>
            Revoke
          </Button>
        )
      }
    />
  );
}
