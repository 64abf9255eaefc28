import type { api } from "@gatehouse/clients/react";
import { Button, EmptyState, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDevices, IconDevicesOff, IconSpy } from "@tabler/icons-react";
import { ConfirmAction } from "../../../components/confirm-action";
import { RelativeTime } from "../../../components/relative-time";
import { SessionCard } from "../../../components/session-card";
import { exactTime } from "../../../lib/format-time";
import { SettingsSection } from "../../../components/settings-section";
import { sessionOrder } from "../../../lib/session-place";
import { useProjectId } from "../shell/project-context";
import { ImpersonateModal } from "./impersonate-modal";
import { useRevokeUserSession, useUserSessions } from "./use-user-sessions";

export function UserSessionsSection({ user }: { user: api.ServerUser }) {
  const [impersonating, dialog] = useDisclosure(false);
  return (
    <SettingsSection title="Sessions" description="Where the user is signed in. Revoking a session signs that browser or app out.">
      <Stack gap="md">
        <UserSessions userId={user.id} />
        <Group>
          <Button variant="default" leftSection={<IconSpy size={16} aria-hidden />} onClick={dialog.open}>
            Impersonate
          </Button>
        </Group>
      </Stack>
      <ImpersonateModal user={user} opened={impersonating} onClose={dialog.close} />
    </SettingsSection>
  );
}

function UserSessions({ userId }: { userId: string }) {
  const sessions = [...useUserSessions(useProjectId(), userId)].sort(sessionOrder);
  if (sessions.length === 0) {
    return <EmptyState icon={<IconDevicesOff aria-hidden />} withIndicatorBackground title="No active sessions" description="The user is signed in nowhere." />;
  }
  return (
    <ul aria-label="The user's sessions" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {sessions.map((session) => (
        <UserSessionItem key={session.id} session={session} />
      ))}
    </ul>
  );
}

function UserSessionItem({ session }: { session: api.Session }) {
  const revoke = useRevokeUserSession(useProjectId(), session.user_id);
  const started = exactTime(session.created_at);
  return (
    <SessionCard
      session={session}
      label={`Session signed in on ${started}`}
      icon={<IconDevices size={20} />}
      title={
        <Text fw={500}>
          Signed in <RelativeTime millis={session.created_at} />
        </Text>
      }
      impersonationNote="Created by an admin to act as the user"
      when={
        <>
          Last used <RelativeTime millis={session.last_used_at} />
        </>
      }
      action={
        <ConfirmAction
          trigger={(ask) => (
            <Button variant="light" color="red" size="xs" onClick={ask} aria-label={`Revoke the session signed in on ${started}`}>
              Revoke
            </Button>
          )}
          title="Revoke this session?"
          confirmLabel="Revoke session"
          action={() => revoke.mutateAsync({ sessionId: session.id, data: {}, params: { user_id: session.user_id } })}
          onDone={() => notifications.show({ message: `The session signed in on ${started} is revoked.`, color: "green" })}
        >
          {`The browser or app that signed in on ${started} is signed out at once: its refresh token stops working, and the user has to sign in again there.`}
        </ConfirmAction>
      }
    />
  );
}
