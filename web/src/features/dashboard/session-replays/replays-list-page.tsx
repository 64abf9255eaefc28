import { Alert, Button, EmptyState, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFilterOff, IconVideoOff } from "@tabler/icons-react";
import { Boundary } from "../../../components/boundary";
import { CursorPage, EmptyLaterPage } from "../../../components/cursor-pager";
import { ErrorAlert } from "../../../components/error-alert";
import { useDocumentTitle } from "../../../components/page-card";
import { errorMessage } from "../../../lib/error-message";
import { selectChoices } from "../../../lib/use-cursor-list";
import { useProjectId } from "../shell/project-context";
import { ReplaysTable } from "./replays-table";
import { CLICKS, DURATIONS, listParams, PAGE_SIZES, PERIODS, useReplayListState, type ClickChoice, type DurationChoice, type PeriodChoice, type ReplayList } from "./use-replay-list-state";
import { useRecordingOn, useSessionReplayPage, useTurnOnRecording } from "./use-session-replays";

/** The project's session replays, latest activity first, a page at a time from the server. */
export function ReplaysListPage() {
  useDocumentTitle("Session replays");
  const list = useReplayListState();
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">
        Session replays
      </Title>
      <Boundary loading={null}>
        <RecordingNotice />
      </Boundary>
      <Filters list={list} />
      <Paper withBorder p={{ base: "xs", sm: "sm" }}>
        <ReplayPage list={list} />
      </Paper>
    </Stack>
  );
}

/** While the Analytics app is not installed, the SDK's uploads are refused: say so, and offer to install it. */
function RecordingNotice() {
  const projectId = useProjectId();
  const on = useRecordingOn(projectId);
  const turnOn = useTurnOnRecording(projectId);
  if (on) return null;
  const enable = () =>
    turnOn.mutate(
      { level: "environment", data: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) } },
      { onSuccess: () => notifications.show({ message: "Recording is on: replays appear as signed-in users use your app.", color: "green" }) },
    );
  return (
    <Alert color="yellow" variant="light" title="Recording is off">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Replays are recorded by the SDK in your app while a user is signed in, and only while the Analytics app is installed in this project. Until then
          its uploads are refused; the replays recorded before stay here.
        </Text>
        <ErrorAlert message={turnOn.error ? errorMessage(turnOn.error) : null} />
        <Button size="xs" onClick={enable} loading={turnOn.isPending}>
          Turn on recording
        </Button>
      </Stack>
    </Alert>
  );
}

function Filters({ list }: { list: ReplayList }) {
  return (
    <Group align="flex-end" gap="md">
      <Select
        label="Last activity"
        placeholder="Any time"
        data={selectChoices(PERIODS)}
        value={list.period}
        onChange={(value) => list.setFilters({ period: value as PeriodChoice | null })}
        clearable
        w={{ base: "100%", xs: 180 }}
      />
      <Select
        label="Duration"
        placeholder="Any length"
        data={selectChoices(DURATIONS)}
        value={list.duration}
        onChange={(value) => list.setFilters({ duration: value as DurationChoice | null })}
        clearable
        w={{ base: "100%", xs: 200 }}
      />
      <Select
        label="Clicks"
        placeholder="Any number"
        data={selectChoices(CLICKS)}
        value={list.clicks}
        onChange={(value) => list.setFilters({ clicks: value as ClickChoice | null })}
        clearable
        w={{ base: "100%", xs: 180 }}
      />
      {list.userId ? (
        <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => list.setFilters({ userId: null })}>
          Every user
        </Button>
      ) : null}
    </Group>
  );
}

function ReplayPage({ list }: { list: ReplayList }) {
  const projectId = useProjectId();
  const page = useSessionReplayPage(projectId, listParams(list));
  return (
    <CursorPage query={page} list={list} pageSizes={PAGE_SIZES} noun={["replay", "replays"]} loading="Loading replays…" empty={<NoReplays list={list} />}>
      {(replays, busy) => <ReplaysTable replays={replays} busy={busy} />}
    </CursorPage>
  );
}

/** Why the page is empty: no replays yet, none matching the filters, or a page past the end. */
function NoReplays({ list }: { list: ReplayList }) {
  if (list.filtered) {
    return (
      <EmptyState icon={<IconFilterOff aria-hidden />} withIndicatorBackground title="No replays match these filters" description="Widen or clear the filters to see more.">
        <Button variant="default" onClick={list.clearFilters}>
          Clear the filters
        </Button>
      </EmptyState>
    );
  }
  if (list.cursor) return <EmptyLaterPage icon={<IconVideoOff aria-hidden />} title="No replays on this page" description="The replays of this page may have been removed since." list={list} />;
  return (
    <EmptyState
      icon={<IconVideoOff aria-hidden />}
      withIndicatorBackground
      title="No replays yet"
      description="A replay appears here once a signed-in user of your app has been recorded by the SDK's session recorder."
    />
  );
}

