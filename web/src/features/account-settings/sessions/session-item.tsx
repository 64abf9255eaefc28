import { useGatehouse, type ActiveSession } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t, i18n } = useLingui();
  const started = exactTime(session.created_at, i18n.locale);
  const device = sessionDevice(session.user_agent);
  const DeviceIcon = sessionDeviceKind(session.user_agent) === "mobile" ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <SessionCard
      session={session}
      label={session.is_current_session ? t`This device` : device ? t`${device} signed in on ${started}` : t`Session signed in on ${started}`}
      icon={<DeviceIcon size={20} />}
      title={
        <>
          <Text fw={500}>{device ?? t`Unknown device`}</Text>
          {session.is_current_session ? (
            <Badge variant="filled">
              <Trans>This device</Trans>
            </Badge>
          ) : null}
        </>
      }
      impersonationNote={t`Someone managing this app signed in as you`}
      when={
        <>
          <Trans>
            Signed in <RelativeTime millis={session.created_at} />, last used <RelativeTime millis={session.last_used_at} />
          </Trans>
        </>
      }
      action={
        session.is_current_session ? (
          <Button component={Link} to={urls.signOut} variant="default" size="xs">
            <Trans>Sign out</Trans>
          </Button>
        ) : (
          <Button variant="light" color="red" size="xs" onClick={onRevoke} aria-label={t`Revoke the session signed in on ${started}`}>
            <Trans>Revoke</Trans>
          </Button>
        )
      }
    />
  );
}
