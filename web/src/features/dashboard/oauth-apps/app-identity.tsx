import { Anchor, Avatar, Group, Stack } from "@mantine/core";
import { IconApps } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OAuthApp } from "./use-oauth-apps";

/** An app's logo (or an icon) and name, linking to its page, with what goes under the name. */
export function AppIdentity({ app, href, children }: { app: Pick<OAuthApp, "display_name" | "logo_url">; href: string; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      <Avatar src={app.logo_url} alt="" radius="sm" size={32} color="blue" style={{ flexShrink: 0 }}>
        <IconApps size={18} aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={href} fw={600} className="break-anywhere">
          {app.display_name}
        </Anchor>
        {children}
      </Stack>
    </Group>
  );
}
