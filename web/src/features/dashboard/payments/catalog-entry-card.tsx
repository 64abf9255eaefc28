import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ConfirmAction } from "../../../components/confirm-action";

interface CatalogEntryCardProps {
  id: string;
  displayName?: string;
  /** Badges beside the name. */
  badges?: ReactNode;
  /** Further lines under the name. */
  children?: ReactNode;
  /** "item", "product", "catalog": for the buttons' and dialog's words. */
  kind: string;
  onEdit: () => void;
  /** Removes the entry (the save's promise), asked first. */
  onRemove: () => Promise<unknown>;
  /** What still uses it; while anything does, it cannot be removed. */
  usedBy: string[];
}

/** One catalog, item or product in its list, with its edit and remove buttons. */
export function CatalogEntryCard({ id, displayName, badges, children, kind, onEdit, onRemove, usedBy }: CatalogEntryCardProps) {
  const name = displayName || id;
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={8}>
              <Text fw={600} className="break-anywhere">
                {name}
              </Text>
              {badges}
            </Group>
            <Text size="xs" c="dimmed" ff="monospace" className="break-anywhere">
              {id}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${kind} ${name}`}>
              Edit
            </Button>
            <ConfirmAction
              trigger={(ask) => (
                <Button size="xs" variant="outline" color="red" onClick={ask} disabled={usedBy.length > 0} title={usedBy.length > 0 ? `Used by ${usedBy.join(", ")}` : undefined} aria-label={`Remove ${kind} ${name}`}>
                  Remove
                </Button>
              )}
              title={`Remove the ${kind} ${name}?`}
              confirmLabel={`Remove ${kind}`}
              action={onRemove}
            >
              {`It leaves the catalog at once. What customers already hold stays in their records.`}
            </ConfirmAction>
          </Group>
        </Group>
        {children}
        {usedBy.length > 0 ? (
          <Text size="xs" c="dimmed">
            {`Used by ${usedBy.join(", ")}: change those first to remove it.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
