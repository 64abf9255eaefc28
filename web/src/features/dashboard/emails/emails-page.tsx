import type { api } from "@gatehouse/clients/react";
import { Button, EmptyState, Group, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconMail, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { Boundary } from "../../../components/boundary";
import { RefreshButton } from "../../../components/refresh-button";
import { useDocumentTitle } from "../../../components/page-card";
import { RelativeTime } from "../../../components/relative-time";
import { errorMessage } from "../../../lib/error-message";
import { exactTime } from "../../../lib/format-time";
import { useProjectId } from "../shell/project-context";
import { EmailStatusBadge } from "./email-status-badge";
import { SendEmailModal } from "./send-email-modal";
import { useSentEmails, useUpdateOutboxEmail } from "./use-sent-emails";

/** The outbox: every e-mail the project sent or tried to send, with why one failed. */
export function EmailsPage() {
  useDocumentTitle("E-mails");
  const projectId = useProjectId();
  const [sending, setSending] = useState(false);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 320px" }}>
          <Title order={1} size="h2">
            E-mails
          </Title>
          <Text c="dimmed">
            Every e-mail this project sent, is sending or will send, newest first. Failed tries are retried with growing pauses. The e-mail server
            is chosen in Settings.
          </Text>
        </Stack>
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setSending(true)}>
          Send an e-mail
        </Button>
      </Group>
      <SendEmailModal projectId={projectId} opened={sending} onClose={() => setSending(false)} />
      <Boundary>
        <Outbox projectId={projectId} />
      </Boundary>
    </Stack>
  );
}

function Outbox({ projectId }: { projectId: string }) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, refetch, isRefetching } = useSentEmails(projectId);
  const emails = data.pages.flatMap((page) => page.items);
  const refresh = <RefreshButton loading={isRefetching && !isFetchingNextPage} onRefresh={() => void refetch()} />;
  if (emails.length === 0) {
    return (
      <EmptyState
        icon={<IconMail aria-hidden />}
        withIndicatorBackground
        title="No e-mails yet"
        description="Verification codes, password resets and invitations appear here as they are sent."
      >
        <EmptyState.Actions>{refresh}</EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{refresh}</Group>
      {/* Three narrow columns fit a phone; the box scrolls on its own if a screen is narrower still. */}
      <Table.ScrollContainer minWidth={340} type="native">
        <Table verticalSpacing="sm" striped aria-label="Sent e-mails">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              {/* Wide enough for the widest badge, which would otherwise be cut short. */}
              <Table.Th miw={116}>Status</Table.Th>
              <Table.Th>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {emails.map((email) => (
              <Table.Tr key={email.id}>
                <Table.Td>
                  <Text size="sm" fw={500} className="break-anywhere">
                    {email.to.join(", ")}
                  </Text>
                  <Text size="sm">{email.subject}</Text>
                  {email.error ? (
                    <Text size="xs" c="red" className="break-anywhere">
                      {email.error}
                    </Text>
                  ) : null}
                  {email.editable ? <OutboxActions projectId={projectId} email={email} /> : null}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <EmailStatusBadge status={email.status} />
                    {email.is_high_priority ? (
                      <Text size="xs" c="dimmed">
                        High priority
                      </Text>
                    ) : null}
                    {email.attempts > 1 || (email.attempts === 1 && email.status !== "sent") ? (
                      <Text size="xs" c="dimmed">
                        {email.attempts} {email.attempts === 1 ? "try" : "tries"}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <EmailWhen email={email} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show older e-mails
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** When it was sent, or for one still pending: when it is scheduled or next tried. */
function EmailWhen({ email }: { email: api.SentEmail }) {
  const pendingAt = email.next_attempt_at_millis;
  if (email.status === "scheduled" && pendingAt !== null) {
    return (
      <Stack gap={0}>
        <Text size="sm" title={exactTime(pendingAt)}>
          <RelativeTime millis={pendingAt} />
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {exactTime(pendingAt)}
        </Text>
      </Stack>
    );
  }
  if (email.status === "queued" && email.attempts > 0 && pendingAt !== null) {
    return (
      <Text size="sm">
        Next try <RelativeTime millis={pendingAt} />
      </Text>
    );
  }
  return <RelativeTime millis={email.sent_at_millis ?? email.created_at_millis} />;
}

/** Send now or cancel a message that has not been handed to the e-mail server yet. */
function OutboxActions({ projectId, email }: { projectId: string; email: api.SentEmail }) {
  const update = useUpdateOutboxEmail(projectId);
  const act = (data: api.OutboxEmailUpdate, done: string) =>
    update.mutate(
      { id: email.id, data },
      {
        onSuccess: () => notifications.show({ color: "green", message: done }),
        onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
      },
    );
  return (
    <Group gap={4} mt={4}>
      {email.status === "scheduled" ? (
        <Button size="compact-xs" variant="light" disabled={update.isPending} onClick={() => act({ scheduled_at_millis: Date.now() }, "The e-mail is sent now.")}>
          Send now
        </Button>
      ) : null}
      <Button size="compact-xs" variant="light" color="red" disabled={update.isPending} onClick={() => act({ cancel: true }, "The e-mail is cancelled.")}>
        Cancel e-mail
      </Button>
    </Group>
  );
}
