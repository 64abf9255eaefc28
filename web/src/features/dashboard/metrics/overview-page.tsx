import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { useProjectId } from "../shell/project-context";
import { GetStarted } from "./get-started";
import { RecentUsers } from "./recent-users";
import { useProjectMetrics } from "./use-metrics";

// The chart library is most of this page's code: the figures show first, the charts when it has loaded.
const DailyChart = lazy(() => import("./daily-chart").then((m) => ({ default: m.DailyChart })));
const SignInMethods = lazy(() => import("./sign-in-methods").then((m) => ({ default: m.SignInMethods })));

/** The overview lists this many of the newest users (the API answers up to 100). */
const RECENT_SIGN_UPS = 5;

/** The project at a glance: how many users, how they arrive and sign in, who is new. */
export function OverviewPage() {
  useDocumentTitle("Overview");
  const projectId = useProjectId();
  const metrics = useProjectMetrics(projectId);
  const chartsWanted = useAfterFirstPaint();
  const signUps30 = metrics.daily_users.reduce((sum, point) => sum + point.activity, 0);
  const activeToday = metrics.daily_active_users.at(-1)?.activity ?? 0;
  const countries = Object.entries(metrics.users_by_country).sort(([, a], [, b]) => b - a);
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">
        Overview
      </Title>
      <Boundary loading={null} failed={() => null}>
        <GetStarted projectId={projectId} />
      </Boundary>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Stat label="Users" value={metrics.total_users} testId="total-users" />
        <Stat label="Sign-ups, last 30 days" value={signUps30} />
        <Stat label="Active today (UTC)" value={activeToday} />
      </SimpleGrid>
      <Suspense fallback={<Skeleton height={340} radius="md" />}>
        {chartsWanted ? <DailyChart signUps={metrics.daily_users} active={metrics.daily_active_users} /> : <Skeleton height={340} radius="md" />}
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Suspense fallback={<Skeleton height={300} radius="md" />}>
          {chartsWanted ? <SignInMethods methods={metrics.login_methods} /> : <Skeleton height={300} radius="md" />}
        </Suspense>
        <RecentUsers projectId={projectId} users={metrics.recently_registered.slice(0, RECENT_SIGN_UPS)} />
      </SimpleGrid>
      {countries.length > 0 ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            Users by country
          </Title>
          <Group gap="lg">
            {countries.map(([code, count]) => (
              <Text key={code} size="sm">
                {code}: <strong>{count}</strong>
              </Text>
            ))}
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/**
 * True once the figures have been painted: the chart library (most of this page's code) is asked
 * for only then, so its download and start-up do not stand between the visitor and the figures.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after next has been painted; a timeout keeps it going in a background tab.
    let second = 0;
    const first = requestAnimationFrame(() => (second = requestAnimationFrame(() => setPainted(true))));
    const fallback = setTimeout(() => setPainted(true), 500);
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
      clearTimeout(fallback);
    };
  }, []);
  return painted;
}
