import { Trans } from "@lingui/react/macro";
import { Badge, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** A team's name (text or a link) with the Selected badge when it is the user's selected team. */
export function TeamTitle({ name, selected }: { name: ReactNode; selected: boolean }) {
  return (
    <Group gap="xs" wrap="wrap">
      {name}
      {selected ? (
        <Badge size="sm" variant="light">
          <Trans>Selected</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}
