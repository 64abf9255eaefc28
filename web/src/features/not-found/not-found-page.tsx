import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageCard } from "../../components/page-card";

/** Every path the app has no page for; the server answers these with status 404. */
export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <PageCard title={t`Page not found`}>
      <Text>
        <Trans>There is nothing at this address. The link may be mistyped, or the page may have moved.</Trans>
      </Text>
      <Group>
        <Button component={Link} to="/">
          <Trans>Go to the home page</Trans>
        </Button>
      </Group>
    </PageCard>
  );
}
