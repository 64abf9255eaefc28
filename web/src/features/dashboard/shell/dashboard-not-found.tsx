import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../components/page-card";

export function DashboardNotFound() {
  useDocumentTitle("Not found");
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text>The dashboard has no page at this address.</Text>
      <Button component={Link} to="/dashboard">
        All projects
      </Button>
    </Stack>
  );
}
