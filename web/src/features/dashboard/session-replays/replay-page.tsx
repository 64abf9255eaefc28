import { isKnownError } from "@gatehouse/clients/react";
import { Anchor, Button, EmptyState, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { IconArrowLeft, IconVideoOff } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useMemo } from "react";
import type { FallbackProps } from "react-error-boundary";
import { Link, useParams } from "react-router";
import { Boundary, RetryableError } from "../../../components/boundary";
import { ErrorAlert } from "../../../components/error-alert";
import { Loading, useDocumentTitle } from "../../../components/page-card";
import { exactTime } from "../../../lib/format-time";
import { errorMessage } from "../../../lib/error-message";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { formatDuration, replayDuration, replayUserLabel } from "./replay-format";
import { useReplayEvents, useSessionReplay, type SessionReplay } from "./use-session-replays";
import { UUID } from "../../../lib/uuid";

// rrweb-player (and its styles) load with the first replay opened, never with the rest of the dashboard.
const ReplayPlayer = lazy(() => import("./replay-player"));

/** One replay at `session-replays/<id>`: whom and when it recorded, and the recording played back. */
export function ReplayPage() {
  const { replayId = "" } = useParams();
  const projectId = useProjectId();
  const back = dashboardPath(projectId, "session-replays");
  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          All replays
        </Group>
      </Anchor>
      {UUID.test(replayId) ? (
        <Boundary loading={<Loading>Loading the replay…</Loading>} failed={(props) => <ReplayFailed {...props} back={back} />}>
          <Replay replayId={replayId} />
        </Boundary>
      ) : (
        <ReplayNotFound back={back} />
      )}
    </Stack>
  );
}

function Replay({ replayId }: { replayId: string }) {
  const projectId = useProjectId();
  const replay = useSessionReplay(projectId, replayId);
  useDocumentTitle(`Replay of ${replayUserLabel(replay)}`);
  return (
    <Stack gap="lg">
      <ReplayHeader replay={replay} />
      <Paper withBorder p={{ base: "xs", sm: "md" }}>
        <Recording replay={replay} />
      </Paper>
    </Stack>
  );
}

function ReplayHeader({ replay }: { replay: SessionReplay }) {
  const projectId = useProjectId();
  const facts: Array<[string, string]> = [
    ["Started", exactTime(replay.started_at_millis)],
    ["Duration", formatDuration(replayDuration(replay))],
    ["Events", replay.event_count.toLocaleString()],
    ["Clicks", replay.click_count.toLocaleString()],
  ];
  return (
    <Stack gap="sm">
      <Title order={1} size="h2" className="break-anywhere">
        Replay of {replayUserLabel(replay)}
      </Title>
      <Group gap="xs">
        <Anchor component={Link} to={`${dashboardPath(projectId, "users")}/${replay.project_user.id}`} size="sm">
          Open the user
        </Anchor>
        <Text size="sm" c="dimmed">
          ·
        </Text>
        <Anchor component={Link} to={`${dashboardPath(projectId, "session-replays")}?user=${replay.project_user.id}`} size="sm">
          Their other replays
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {facts.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The recording: events load a window of batches at a time, and the player starts with the
 * first window while the rest load.
 */
function Recording({ replay }: { replay: SessionReplay }) {
  const projectId = useProjectId();
  const windows = useReplayEvents(projectId, replay.id);
  const { ref, width } = useElementSize();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = windows;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const events = useMemo(() => (windows.data?.pages ?? []).flatMap((page) => page.chunk_events.flatMap((chunk) => chunk.events)), [windows.data]);

  if (!windows.data) {
    return windows.isError ? <RetryLoad error={windows.error} onRetry={() => void windows.refetch()} /> : <Loading>Loading the recording…</Loading>;
  }
  const totalChunks = windows.data.pages[0]?.chunks.length ?? 0;
  const loadedChunks = windows.data.pages.reduce((sum, page) => sum + page.chunk_events.length, 0);
  if (!isPlayable(events)) {
    return (
      <EmptyState
        icon={<IconVideoOff aria-hidden />}
        withIndicatorBackground
        title="Nothing to play"
        description="This replay holds no snapshot of the page to start from (the recorder sends one when it starts), so it cannot be played."
      />
    );
  }
  return (
    <Stack gap="sm" ref={ref}>
      {width > 0 ? (
        <Suspense fallback={<Loading>Loading the player…</Loading>}>
          <ReplayPlayer events={events} width={width} />
        </Suspense>
      ) : null}
      {loadedChunks < totalChunks ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm" c="dimmed">
            Loaded {loadedChunks} of {totalChunks} batches; the rest join the replay as they arrive.
          </Text>
          <Progress value={(loadedChunks / totalChunks) * 100} size="sm" aria-hidden />
        </Stack>
      ) : null}
      {windows.isError ? <RetryLoad error={windows.error} onRetry={() => void windows.fetchNextPage()} /> : null}
    </Stack>
  );
}

/** rrweb needs a full snapshot of the page (event type 2) and something after it. */
function isPlayable(events: unknown[]): boolean {
  return events.length >= 2 && events.some((event) => typeof event === "object" && event !== null && (event as { type?: unknown }).type === 2);
}

function RetryLoad({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <ErrorAlert message={errorMessage(error)} />
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

function ReplayFailed(props: FallbackProps & { back: string }) {
  if (isKnownError(props.error, "ITEM_NOT_FOUND")) return <ReplayNotFound back={props.back} />;
  return <RetryableError {...props} />;
}

function ReplayNotFound({ back }: { back: string }) {
  return (
    <EmptyState icon={<IconVideoOff aria-hidden />} withIndicatorBackground title="No such replay" description="It may have been removed: replays are kept for a limited time after they end.">
      <Button component={Link} to={back} variant="default">
        See all replays
      </Button>
    </EmptyState>
  );
}
