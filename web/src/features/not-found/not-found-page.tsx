import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageCard } from "../../components/page-card";

/** Every path the app has no page for; the server answers these with status 404. */
export function NotFoundPage() {
  return (
    <PageCard title="Page not found">
      <Text>There is nothing at this address. The link may be mistyped, or the page may have moved.</Text>
      <Group>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Group>
    </PageCard>
  );
}
