import type { api } from "@gatehouse/clients/react";
import { Badge } from "@mantine/core";

const STATUSES: Record<api.SentEmail["status"], { label: string; color: string }> = {
  scheduled: { label: "Scheduled", color: "grape" },
  queued: { label: "Queued", color: "blue" },
  rendering: { label: "Rendering", color: "cyan" },
  sending: { label: "Sending", color: "cyan" },
  sent: { label: "Sent", color: "green" },
  bounced: { label: "Bounced", color: "orange" },
  failed: { label: "Failed", color: "red" },
  skipped: { label: "Skipped", color: "gray" },
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
