import { Select } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { useProjects } from "./use-own-projects";
import { dashboardPath } from "./project-context";

/** Moves to the same page of another of the user's projects. */
export function ProjectSwitcher({ projectId }: { projectId: string }) {
  const projects = useProjects();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section = pathname.slice(dashboardPath(projectId).length + 1).split("/")[0] ?? "";
  return (
    <Select
      label="Project"
      value={projectId}
      allowDeselect={false}
      searchable
      data={projects.map((project) => ({ value: project.id, label: project.display_name }))}
      onChange={(id) => {
        if (id && id !== projectId) void navigate(dashboardPath(id, section));
      }}
    />
  );
}
