import { Alert, Button, Group, Text } from "@mantine/core";
import { IconRocket } from "@tabler/icons-react";
import { Link } from "react-router";
import { dashboardPath } from "../shell/project-context";
import { useHasApiKeySets } from "./use-metrics";

/** A new project's next step: until it has keys, nothing can call it. */
export function GetStarted({ projectId }: { projectId: string }) {
  if (useHasApiKeySets(projectId)) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconRocket aria-hidden />} title="Next: connect your app">
      <Text size="sm">
        Create API keys for this project. The window that shows them also shows how to use them: the settings for the Stack SDKs, a typed client made from this server&apos;s OpenAPI document, and a first request with curl.
      </Text>
      <Group mt="sm">
        <Button component={Link} to={dashboardPath(projectId, "api-keys")} size="sm">
          Create API keys
        </Button>
      </Group>
    </Alert>
  );
}
