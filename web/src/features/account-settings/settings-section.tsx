import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Boundary } from "../../components/boundary";

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One section of account settings: a titled panel with its own loading and error states. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        <Boundary>{children}</Boundary>
      </Stack>
    </Paper>
  );
}
