import { keepReturnTarget, useGatehouse, useProject, useUser, withReturnTo, type HandlerUrls } from "@gatehouse/clients/react";
import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconLogout, IconSettings } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";

/** Pages from which signing in should not come back to them. */
const AUTH_PAGES = ["signIn", "signUp", "signOut", "forgotPassword", "passwordReset", "mfa"] as const satisfies ReadonlyArray<keyof HandlerUrls>;

/**
 * A header link to sign in or up that brings the visitor back: to where the page they are on was
 * to send them (its `after_auth_return_to`), else to this page, unless it is itself a sign-in page.
 */
function useWayIn(): (path: string) => string {
  const { urls } = useGatehouse();
  const { pathname, search } = useLocation();
  const onAuthPage = AUTH_PAGES.some((page) => urls[page] === pathname);
  return (path) => {
    const kept = keepReturnTarget(path, search);
    if (kept !== path || onAuthPage) return kept;
    return withReturnTo(path, pathname + search);
  };
}

/** Signed in: the user's avatar opening a menu. Signed out: the ways in. */
export function AccountMenu() {
  const user = useUser();
  const project = useProject();
  const { urls } = useGatehouse();
  const wayIn = useWayIn();

  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to={wayIn(urls.signIn)} variant="subtle">
          Sign in
        </Button>
        {project.config.sign_up_enabled ? (
          <Button component={Link} to={wayIn(urls.signUp)} visibleFrom="xs">
            Sign up
          </Button>
        ) : null}
      </Group>
    );
  }

  const name = user.display_name ?? user.primary_email ?? "Your account";
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by its content, not aria-label: a label would differ from the initials shown. */}
        <UnstyledButton>
          <Avatar src={user.profile_image_url} alt="" name={name} color="initials" radius="xl" aria-hidden />
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.display_name ?? "Signed in"}
          </Text>
          {user.primary_email ? (
            <Text size="xs" truncate>
              {user.primary_email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={urls.accountSettings} leftSection={<IconSettings size={16} aria-hidden />}>
          Account settings
        </Menu.Item>
        <Menu.Item component={Link} to={urls.signOut} leftSection={<IconLogout size={16} aria-hidden />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
