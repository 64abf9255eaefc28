import { Button, EmptyState, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { Boundary } from "../../../components/boundary";
import { RefreshButton } from "../../../components/refresh-button";
import { useDocumentTitle } from "../../../components/page-card";
import { RelativeTime } from "../../../components/relative-time";
import { useProjectId } from "../shell/project-context";
import { EmailStatusBadge } from "./email-status-badge";
import { useSentEmails } from "./use-sent-emails";

/** The outbox: every e-mail the project sent or tried to send, with why one failed. */
export function EmailsPage() {
  useDocumentTitle("E-mails");
  const projectId = useProjectId();
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          E-mails
        </Title>
        <Text c="dimmed">Every e-mail this project sent or tried to send, newest first. The e-mail server is chosen in Settings.</Text>
      </Stack>
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
              <Table.Th miw={96}>Status</Table.Th>
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
                </Table.Td>
                <Table.Td>
                  <EmailStatusBadge status={email.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <RelativeTime millis={email.sent_at_millis ?? email.created_at_millis} />
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
