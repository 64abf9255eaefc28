import type { api } from "@gatehouse/clients/react";
import { Paper, Switch, Table, Text, Title, Group } from "@mantine/core";
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

interface DailyChartProps {
  signUps: api.MetricsDataPoint[];
  active: api.MetricsDataPoint[];
}

/** Every seventh day is labelled: five "MM-DD" labels fit the narrowest phone. */
const DATE_TICK_INTERVAL = 6;

const SERIES = [
  { key: "signUps", label: "Sign-ups", color: "var(--mantine-color-harbour-6)" },
  { key: "active", label: "Active users", color: "var(--mantine-color-teal-6)" },
] as const;

/** Sign-ups and active users per UTC day for the last 30 days; the same numbers as a table for screen readers and exact reading. */
export function DailyChart({ signUps, active }: DailyChartProps) {
  const [asTable, setAsTable] = useState(false);
  const activeByDate = new Map(active.map((point) => [point.date, point.activity]));
  const rows = signUps.map((point) => ({ date: point.date, signUps: point.activity, active: activeByDate.get(point.date) ?? 0 }));
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Last 30 days
        </Title>
        <Switch label="Show as a table" checked={asTable} onChange={(event) => setAsTable(event.currentTarget.checked)} />
      </Group>
      {asTable ? (
        <Table.ScrollContainer minWidth={320} maxHeight={320}>
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day (UTC)</Table.Th>
                <Table.Th>Sign-ups</Table.Th>
                <Table.Th>Active users</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.date}>
                  <Table.Td>{row.date}</Table.Td>
                  <Table.Td>{row.signUps}</Table.Td>
                  <Table.Td>{row.active}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <figure style={{ margin: 0 }} aria-label="Sign-ups and active users per day over the last 30 days">
          <ResponsiveContainer width="100%" height={260}>
            <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
              {/* Fixed intervals: left to choose ticks that fit, Recharts measured every label in the
                  page's layout, one forced layout each (a fifth of the chart's start-up on a phone). */}
              <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} tick={{ fill: "var(--mantine-color-dimmed)", fontSize: 12 }} interval={DATE_TICK_INTERVAL} />
              <YAxis allowDecimals={false} tick={{ fill: "var(--mantine-color-dimmed)", fontSize: 12 }} interval={0} />
              <Tooltip contentStyle={{ background: "var(--mantine-color-body)", border: "1px solid var(--mantine-color-default-border)" }} />
              <Legend />
              {SERIES.map((series) => (
                <Area key={series.key} isAnimationActive={false} type="monotone" dataKey={series.key} name={series.label} stroke={series.color} fill={series.color} fillOpacity={0.15} strokeWidth={2} />
              ))}
            </AreaChart>
          </ResponsiveContainer>
          <Text component="figcaption" size="xs" c="dimmed">
            Days in UTC. Switch to the table for exact numbers.
          </Text>
        </figure>
      )}
    </Paper>
  );
}
