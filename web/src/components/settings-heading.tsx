import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A heading with an optional line under it, for a section (h2) or a part of one. */
export function SettingsHeading({ order, title, description }: { order: 2 | 3 | 4; title: string; description?: ReactNode }) {
  return (
    <Stack gap={order === 2 ? 4 : 2}>
      <Title order={order} size={`h${order + 1}`}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
