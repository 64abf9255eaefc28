import type { ContactChannel } from "@gatehouse/clients/react";
import { Trans } from "@lingui/react/macro";
import { Badge, Group } from "@mantine/core";

export function EmailBadges({ channel }: { channel: ContactChannel }) {
  return (
    <Group gap={6}>
      {channel.is_primary ? (
        <Badge variant="filled">
          <Trans>Primary</Trans>
        </Badge>
      ) : null}
      {channel.is_verified ? (
        <Badge color="green" variant="light">
          <Trans>Verified</Trans>
        </Badge>
      ) : (
        <Badge color="yellow" variant="light">
          <Trans>Not verified</Trans>
        </Badge>
      )}
      {channel.used_for_auth ? (
        <Badge color="gray" variant="light">
          <Trans>Used for sign-in</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}
