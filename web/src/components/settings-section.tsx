import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Boundary } from "./boundary";
import { SettingsHeading } from "./settings-heading";

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
        <SettingsHeading order={2} title={title} description={description} />
        <Boundary>{children}</Boundary>
      </Stack>
    </Paper>
  );
}
