import { Button } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";

/** Reads a list again, for lists that change on the server while they are open (outboxes, logs). */
export function RefreshButton({ onRefresh, loading }: { onRefresh: () => void; loading: boolean }) {
  return (
    <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} loading={loading} onClick={onRefresh}>
      Refresh
    </Button>
  );
}
