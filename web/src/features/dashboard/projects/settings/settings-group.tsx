import { Button, Group, Paper, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { ErrorAlert } from "../../../../components/error-alert";
import { errorMessage } from "../../../../lib/error-message";
import { SettingsHeading } from "../../../../components/settings-heading";
import { sectionId } from "./settings-sections";

interface SettingsGroupProps {
  title: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The server's refusal of the last save. */
  error: unknown;
  /** Whether the form differs from what is saved: Save does nothing until it does. */
  dirty: boolean;
  /** Buttons beside Save (a test e-mail). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One group of project settings: its own form, saved on its own. */
export function SettingsGroup({ title, description, onSubmit, saving, error, dirty, actions, children }: SettingsGroupProps) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={sectionId(title)}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <SettingsHeading order={2} title={title} description={description} id={sectionId(title)} />
          {children}
          <ErrorAlert message={error ? errorMessage(error) : null} />
          <Group justify="flex-end" gap="sm">
            {actions}
            <Button type="submit" loading={saving} disabled={!dirty} aria-label={`Save ${title}`}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
