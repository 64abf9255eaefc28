import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { RelativeTime } from "../../../components/relative-time";
import { AppIdentity } from "./app-identity";
import { countOf, grantNames, registeredByLabel, TYPE_LABELS } from "./app-labels";
import { CopyableValue } from "../../../components/copyable-value";
import type { OAuthApp } from "./use-oauth-apps";

/**
 * The apps as cards, for a phone: what the table's columns say (type, who registered it,
 * grants, redirect URIs, when it was created) in lines that fit its width.
 */
export function AppCards({ apps, appPath }: { apps: OAuthApp[]; appPath: (clientId: string) => string }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="OAuth apps" style={{ listStyle: "none" }}>
      {apps.map((app) => (
        <Paper component="li" key={app.client_id} withBorder p="sm" data-client-id={app.client_id}>
          <AppIdentity app={app} href={appPath(app.client_id)}>
            <CopyableValue value={app.client_id} copyLabel={`Copy the client ID of ${app.display_name}`} />
            <Group gap={4} mt={4}>
              <Badge variant="light" color={app.type === "confidential" ? "blue" : "grape"}>
                {TYPE_LABELS[app.type]}
              </Badge>
              {app.registered_by === "dynamic" ? (
                <Badge variant="light" color="gray">
                  {registeredByLabel(app)}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm">{grantNames(app.grant_types).join(" · ")}</Text>
            <Text size="xs" c="dimmed">
              {countOf(app.redirect_uris.length, "redirect URI", "redirect URIs")}, created <RelativeTime millis={app.created_at_millis} />
            </Text>
          </AppIdentity>
        </Paper>
      ))}
    </Stack>
  );
}
