import type { ContactChannel } from "@gatehouse/clients/react";
import { Badge, Group } from "@mantine/core";

export function EmailBadges({ channel }: { channel: ContactChannel }) {
  return (
    <Group gap={6}>
      {channel.is_primary ? <Badge variant="filled">Primary</Badge> : null}
      {channel.is_verified ? (
        <Badge color="green" variant="light">
          Verified
        </Badge>
      ) : (
        <Badge color="yellow" variant="light">
          Not verified
        </Badge>
      )}
      {channel.used_for_auth ? (
        <Badge color="gray" variant="light">
          Used for sign-in
        </Badge>
      ) : null}
    </Group>
  );
}
