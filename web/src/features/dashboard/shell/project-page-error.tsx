import { isKnownError } from "@gatehouse/clients/react";
import { Button, Stack, Text, Title } from "@mantine/core";
import type { FallbackProps } from "react-error-boundary";
import { Link } from "react-router";
import { RetryableError } from "../../../components/boundary";
import { useDocumentTitle } from "../../../components/page-card";

/**
 * A project page that could not load. An id that names no project of the signed-in user (none
 * at all, or another team's: the server does not say which) cannot be helped by reading again,
 * so it says so and leads back to the list; anything else may pass, and keeps its retry.
 */
export function ProjectPageError(props: FallbackProps) {
  if (isKnownError(props.error, "CURRENT_PROJECT_NOT_FOUND") || isKnownError(props.error, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")) return <ProjectNotFound />;
  return <RetryableError {...props} />;
}

function ProjectNotFound() {
  useDocumentTitle("Project not found");
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h2">
        Project not found
      </Title>
      <Text>None of your projects has this id. It may have been deleted, or it belongs to a team you are not in.</Text>
      <Button component={Link} to="/dashboard">
        All projects
      </Button>
    </Stack>
  );
}
