import { useGatehouse, type CurrentUser } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconLogout, IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";

/** The signed-in user's avatar, opening a menu with their name, account settings and sign-out. */
export function SignedInMenu({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const { urls } = useGatehouse();
  const name = user.display_name ?? user.primary_email ?? t`Your account`;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by its content, not aria-label: a label would differ from the initials shown. */}
        <UnstyledButton>
          <Avatar src={user.profile_image_url} alt="" name={name} color="initials" radius="xl" aria-hidden />
          <VisuallyHidden>
            <Trans>Account menu for {name}</Trans>
          </VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.display_name ?? t`Signed in`}
          </Text>
          {user.primary_email ? (
            <Text size="xs" truncate>
              {user.primary_email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={urls.accountSettings} leftSection={<IconSettings size={16} aria-hidden />}>
          <Trans>Account settings</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to={urls.signOut} leftSection={<IconLogout size={16} aria-hidden />}>
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
