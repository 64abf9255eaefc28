import type { ContactChannel } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { EmptyState } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { useRef } from "react";
import { EmailItem } from "./email-item";

/** The user's addresses, the primary one first. */
export function EmailList({ channels }: { channels: ContactChannel[] }) {
  const { t } = useLingui();
  const list = useRef<HTMLUListElement>(null);
  if (channels.length === 0) {
    return (
      <EmptyState
        icon={<IconMailOff aria-hidden />}
        withIndicatorBackground
        title={t`No e-mail addresses yet`}
        description={t`Add one below to receive account mail and to sign in with it.`}
      />
    );
  }
  const signInAddresses = channels.filter((channel) => channel.used_for_auth).length;
  const ordered = [...channels].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    // Removing an address takes its row, and the focus, away: the list takes the focus then.
    <ul ref={list} tabIndex={-1} aria-label={t`Your e-mail addresses`} style={{ listStyle: "none", padding: 0, margin: 0, outline: "none" }}>
      {ordered.map((channel) => (
        <EmailItem
          key={channel.id}
          channel={channel}
          onlySignInAddress={channel.used_for_auth && signInAddresses === 1}
          onRemoved={() => list.current?.focus()}
        />
      ))}
    </ul>
  );
}
