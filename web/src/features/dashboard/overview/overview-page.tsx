import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Boundary } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";
import { useProjectId } from "../shell/project-context";
import { DailyChart } from "./daily-chart";
import { GetStarted } from "./get-started";
import { RecentUsers } from "./recent-users";
import { SignInMethods } from "./sign-in-methods";
import { useProjectMetrics } from "./use-metrics";

/** The overview lists this many of the newest users (the API answers up to 100). */
const RECENT_SIGN_UPS = 5;

/** The project at a glance: how many users, how they arrive and sign in, who is new. */
export function OverviewPage() {
  useDocumentTitle("Overview");
  const projectId = useProjectId();
  const metrics = useProjectMetrics(projectId);
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
      <DailyChart signUps={metrics.daily_users} active={metrics.daily_active_users} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SignInMethods methods={metrics.login_methods} />
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
