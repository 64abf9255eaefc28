import { useSessions, type ActiveSession } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState, Stack } from "@mantine/core";
import { IconDevicesOff } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { RevokeSessionModal } from "./revoke-session-modal";
import { SessionItem } from "./session-item";
import { sessionOrder } from "../../../lib/session-place";
import { SignOutOthers } from "./sign-out-others";

export function SessionsSection() {
  const { t } = useLingui();
  return (
    <SettingsSection title={t`Sessions`} description={t`The browsers and apps signed in to your account. Revoke any you do not recognise.`}>
      <Sessions />
    </SettingsSection>
  );
}

function Sessions() {
  const sessions = [...useSessions()].sort(sessionOrder);
  const [revoking, setRevoking] = useState<ActiveSession | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const { t } = useLingui();
  if (sessions.length === 0) {
    return (
      <EmptyState
        icon={<IconDevicesOff aria-hidden />}
        withIndicatorBackground
        title={t`No active sessions`}
        description={t`Nothing is signed in to your account.`}
      />
    );
  }
  const others = sessions.filter((session) => !session.is_current_session).map((session) => session.id);
  return (
    <Stack gap="md">
      <ul ref={list} tabIndex={-1} aria-label={t`Your sessions`} style={{ listStyle: "none", padding: 0, margin: 0, outline: "none" }}>
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} onRevoke={() => setRevoking(session)} />
        ))}
      </ul>
      <RevokeSessionModal session={revoking} onClose={() => setRevoking(null)} fallbackFocus={list} />
      <SignOutOthers sessionIds={others} fallbackFocus={list} />
    </Stack>
  );
}
