import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../components/page-card";
import { exactTime } from "../../../lib/format-time";
import { dashboardPath } from "../shell/project-context";
import { CreateProjectModal } from "./create-project-modal";
import { useProjects } from "../shell/use-own-projects";

/** The projects the user's teams own, and a way to make a new one. */
export function ProjectsPage() {
  useDocumentTitle("Projects");
  const projects = useProjects();
  const [creating, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Projects
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
          Create project
        </Button>
      </Group>
      {projects.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No projects yet</Text>
            <Text c="dimmed" size="sm">
              A project is one app's users, teams, keys and settings. Create one to get its API keys.
            </Text>
            <Button onClick={open}>Create your first project</Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {projects.map((project) => (
            <Card key={project.id} withBorder component={Link} to={dashboardPath(project.id)}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} truncate>
                    {/* Named by its content (an aria-label would hide the mode and id it shows), led by what it does. */}
                    <VisuallyHidden>Open </VisuallyHidden>
                    {project.display_name}
                  </Text>
                  {project.is_production_mode ? <Badge color="green">Production</Badge> : <Badge color="gray.7">Development</Badge>}
                </Group>
                {project.description ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {project.description}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" className="break-anywhere">
                  {project.id}
                </Text>
                <Text size="xs" c="dimmed">
                  Created {exactTime(project.created_at_millis)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <CreateProjectModal opened={creating} onClose={close} />
    </Stack>
  );
}
