import type { api } from "@gatehouse/clients/react";
import { Paper, Text, Title } from "@mantine/core";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const METHOD_NAMES: Record<string, string> = { password: "Password", otp: "E-mail code", passkey: "Passkey" };

/** How the project's users sign in: one bar per method. */
export function SignInMethods({ methods }: { methods: api.MetricsLoginMethod[] }) {
  const rows = methods.map((method) => ({ method: METHOD_NAMES[method.method] ?? method.method, count: method.count }));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        Sign-in methods
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No user has signed in yet.
        </Text>
      ) : (
        <figure style={{ margin: 0 }} aria-label={`Users by sign-in method: ${rows.map((row) => `${row.method} ${row.count}`).join(", ")}`}>
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" vertical={false} />
              {/* Every tick shown (three methods at most), which spares Recharts measuring each label. */}
              <XAxis dataKey="method" tick={{ fill: "var(--mantine-color-dimmed)", fontSize: 12 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fill: "var(--mantine-color-dimmed)", fontSize: 12 }} interval={0} />
              <Tooltip contentStyle={{ background: "var(--mantine-color-body)", border: "1px solid var(--mantine-color-default-border)" }} />
              <Bar isAnimationActive={false} dataKey="count" name="Users" fill="var(--mantine-color-harbour-6)" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
    </Paper>
  );
}
