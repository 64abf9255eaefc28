import type { api } from "@gatehouse/clients/react";
import { Badge } from "@mantine/core";

const STATUSES: Record<api.SentEmail["status"], { label: string; color: string }> = {
  queued: { label: "Queued", color: "blue" },
  sent: { label: "Sent", color: "green" },
  failed: { label: "Failed", color: "red" },
  not_sent: { label: "Not sent", color: "yellow" },
};

export function EmailStatusBadge({ status }: { status: api.SentEmail["status"] }) {
  const { label, color } = STATUSES[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
