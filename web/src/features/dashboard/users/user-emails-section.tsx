import type { api } from "@gatehouse/clients/react";
import { EmptyState, Stack } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { useRef } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { useProjectId } from "../shell/project-context";
import { AddUserEmailForm } from "./add-user-email-form";
import { useUserEmails } from "./use-user-emails";
import { UserEmailItem } from "./user-email-item";

export function UserEmailsSection({ user }: { user: api.ServerUser }) {
  return (
    <SettingsSection
      title="E-mails"
      description="The user's addresses. Account mail goes to the primary one; those used for sign-in can sign in with the password or a code by e-mail."
    >
      <UserEmails userId={user.id} />
    </SettingsSection>
  );
}

function UserEmails({ userId }: { userId: string }) {
  const channels = useUserEmails(useProjectId(), userId);
  const list = useRef<HTMLUListElement>(null);
  const ordered = [...channels].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    <Stack gap="xl">
      {channels.length === 0 ? (
        <EmptyState icon={<IconMailOff aria-hidden />} withIndicatorBackground title="No e-mail addresses" description="This user has no e-mail address. Add one below." />
      ) : (
        // Removing an address takes its row, and the focus, away: the list takes the focus then.
        <ul ref={list} tabIndex={-1} aria-label="The user's e-mail addresses" style={{ listStyle: "none", padding: 0, margin: 0, outline: "none" }}>
          {ordered.map((channel) => (
            <UserEmailItem key={channel.id} channel={channel} onRemoved={() => list.current?.focus()} />
          ))}
        </ul>
      )}
      <AddUserEmailForm channels={channels} userId={userId} />
    </Stack>
  );
}
