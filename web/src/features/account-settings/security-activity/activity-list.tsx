import type { SecurityEvent } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { isFailure } from "./activity-words";

interface Pages {
  events: SecurityEvent[];
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}

/**
 * Audit events newest first, each as what happened (red when it is a failure: someone may be
 * trying an account), when, and a line on who and from where; "Show older activity" reads the
 * next page. A user's own Security activity and a team's Team activity word them differently.
 */
export function ActivityList({ label, pages, describe }: { label: string; pages: Pages; describe: (event: SecurityEvent) => { what: string; origin: string } }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <ul aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {pages.events.map((event) => {
          const { what, origin } = describe(event);
          return (
            <li key={event.id} data-audit-action={event.action} style={{ padding: "8px 0", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={500} c={isFailure(event.action) ? "var(--mantine-color-red-text)" : undefined} className="break-anywhere">
                  {what}
                </Text>
                <Text size="sm" c="dimmed">
                  <RelativeTime millis={event.created_at_millis} />
                </Text>
              </Group>
              {origin ? (
                <Text size="sm" c="dimmed" className="break-anywhere">
                  {origin}
                </Text>
              ) : null}
            </li>
          );
        })}
      </ul>
      {pages.hasMore ? (
        <Button variant="default" onClick={pages.loadMore} loading={pages.loadingMore} style={{ alignSelf: "flex-start" }}>
          {t`Show older activity`}
        </Button>
      ) : null}
    </Stack>
  );
}
