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
    // The label is never cut short: on a phone the table gives the column the badge's width.
    <Badge color={color} variant="light" styles={{ root: { flexShrink: 0, overflow: "visible" }, label: { overflow: "visible" } }}>
      {label}
    </Badge>
  );
}
