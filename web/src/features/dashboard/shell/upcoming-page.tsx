import { Text, Title } from "@mantine/core";

// Placeholder for a section being built on its own branch; each is replaced before release.
export function UpcomingPage() {
  return (
    <>
      <Title order={1} size="h2">
        Coming next
      </Title>
      <Text c="dimmed">This part of the dashboard is being built.</Text>
    </>
  );
}
