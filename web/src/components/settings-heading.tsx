import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

const SCROLL_MARGIN = "calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))";

/**
 * A heading with an optional line under it, for a section (h2) or a part of one. With an `id` it
 * is a place a link can jump to, and stops below a fixed header (AppShell's) when scrolled to.
 */
export function SettingsHeading({ order, title, description, id }: { order: 2 | 3 | 4; title: string; description?: ReactNode; id?: string }) {
  return (
    <Stack gap={order === 2 ? 4 : 2}>
      <Title order={order} size={`h${order + 1}`} id={id} style={id ? { scrollMarginTop: SCROLL_MARGIN } : undefined}>
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
