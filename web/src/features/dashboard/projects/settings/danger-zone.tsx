import type { api } from "@gatehouse/clients/react";
import { Divider, Paper, Stack } from "@mantine/core";
import { Boundary } from "../../../../components/boundary";
import { SettingsHeading } from "../../../../components/settings-heading";
import { sectionId } from "./settings-sections";
import { DeleteProject } from "./delete-project";
import { TransferProject } from "./transfer-project";

export function DangerZone({ project }: { project: api.AdminProject }) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={sectionId("Danger zone")} style={{ borderColor: "var(--mantine-color-red-outline)" }}>
      <Stack gap="md">
        <SettingsHeading order={2} title="Danger zone" id={sectionId("Danger zone")} description="Changes to who owns the project, or whether it exists." />
        <Boundary>
          <TransferProject project={project} />
        </Boundary>
        <Divider />
        <DeleteProject project={project} />
      </Stack>
    </Paper>
  );
}
