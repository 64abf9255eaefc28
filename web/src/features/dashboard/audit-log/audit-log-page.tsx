import type { api } from "@gatehouse/clients/react";
import { Alert, Box, Button, EmptyState, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconFilterOff, IconListDetails, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { CursorPage, EmptyLaterPage } from "../../../components/cursor-pager";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { errorMessage } from "../../../lib/error-message";
import { selectChoices } from "../../../lib/use-cursor-list";
import { useProjectId } from "../shell/project-context";
import { AuditEventCards } from "./audit-event-cards";
import { AuditEventsTable } from "./audit-events-table";
import { ACTION_GROUPS, listParams, PAGE_SIZES, PERIODS, useAuditListState, type ActionGroup, type AuditList, type PeriodChoice } from "./use-audit-list-state";
import { useAuditEventPage, useAuditVerification } from "./use-audit-log";

/** The project's audit log: every sign-in, security change and admin action, newest first, a page at a time. */
export function AuditLogPage() {
  useDocumentTitle("Audit log");
  const list = useAuditListState();
  return (
    <Stack gap="lg" maw={1400}>
      <HeaderWithVerification />
      {/* The id fields are drafts until Apply: they start again from the address when it changes (Clear the filters, Back). */}
      <Filters key={`${list.userId ?? ""} ${list.teamId ?? ""}`} list={list} />
      <Paper withBorder p={{ base: "xs", sm: "sm" }}>
        <EventPage list={list} />
      </Paper>
    </Stack>
  );
}

/** Why the chain breaks where it does, as GET /internal/audit-log/verify describes each reason. */
const BREAKS: Record<NonNullable<api.AuditVerification["first_broken"]>["reason"], string> = {
  changed: "this event was changed after it was recorded",
  missing: "an event before it was deleted",
  link_broken: "events were removed, inserted or reordered here",
  truncated: "the events from here to the end were deleted",
};

/**
 * The page's title and "Verify the chain", which recomputes the hash chain on request; whether
 * it holds, or where it breaks, is said below them across the page's width.
 */
function HeaderWithVerification() {
  const projectId = useProjectId();
  const verification = useAuditVerification(projectId);
  const result = verification.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Button variant="default" leftSection={<IconShieldCheck size={16} aria-hidden />} loading={verification.isFetching} onClick={() => void verification.refetch()}>
          Verify the chain
        </Button>
      </Group>
      <ErrorAlert message={verification.error ? errorMessage(verification.error) : null} />
      {result ? (
        <Alert role="status" color={result.valid ? "green" : "red"} variant="light" py={6}>
          {result.valid || !result.first_broken
            ? `The chain verifies: ${result.checked_events.toLocaleString()} events up to #${result.last_seq}.`
            : `The chain is broken at #${result.first_broken.seq}: ${BREAKS[result.first_broken.reason]}.`}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Filters({ list }: { list: AuditList }) {
  const [user, setUser] = useState(list.userId ?? "");
  const [team, setTeam] = useState(list.teamId ?? "");
  const apply = () => list.setFilters({ userId: user.trim() || null, teamId: team.trim() || null });
  return (
    <Group
      align="flex-end"
      gap="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Select
        label="Actions"
        placeholder="Every action"
        data={selectChoices(ACTION_GROUPS)}
        value={list.actions}
        onChange={(value) => list.setFilters({ actions: value as ActionGroup | null })}
        clearable
        w={{ base: "100%", xs: 220 }}
      />
      <Select
        label="When"
        placeholder="Any time"
        data={selectChoices(PERIODS)}
        value={list.period}
        onChange={(value) => list.setFilters({ period: value as PeriodChoice | null })}
        clearable
        w={{ base: "100%", xs: 180 }}
      />
      <TextInput label="User id" placeholder="Actor or target" value={user} onChange={(event) => setUser(event.currentTarget.value)} w={{ base: "100%", xs: 300 }} />
      <TextInput label="Team id" value={team} onChange={(event) => setTeam(event.currentTarget.value)} w={{ base: "100%", xs: 300 }} />
      <Button type="submit" variant="default">
        Apply
      </Button>
    </Group>
  );
}

function EventPage({ list }: { list: AuditList }) {
  const projectId = useProjectId();
  const page = useAuditEventPage(projectId, listParams(list));
  return (
    <CursorPage query={page} list={list} pageSizes={PAGE_SIZES} noun={["event", "events"]} loading="Loading the audit log…" empty={<NoEvents list={list} />}>
      {(events, busy) => (
        <>
          <Box visibleFrom="sm">
            <AuditEventsTable events={events} busy={busy} />
          </Box>
          <Box hiddenFrom="sm">
            <AuditEventCards events={events} busy={busy} />
          </Box>
        </>
      )}
    </CursorPage>
  );
}

function NoEvents({ list }: { list: AuditList }) {
  if (list.filtered) {
    return (
      <EmptyState icon={<IconFilterOff aria-hidden />} withIndicatorBackground title="No events match these filters" description="Widen or clear the filters to see more.">
        <Button variant="default" onClick={list.clearFilters}>
          Clear the filters
        </Button>
      </EmptyState>
    );
  }
  if (list.cursor) return <EmptyLaterPage icon={<IconListDetails aria-hidden />} title="No events on this page" description="Retention may have removed them since." list={list} />;
  return (
    <EmptyState icon={<IconListDetails aria-hidden />} withIndicatorBackground title="No events yet">
      <Text size="sm" c="dimmed">
        Sign-ins, security changes and admin actions appear here as they happen.
      </Text>
    </EmptyState>
  );
}
