import { keepReturnTarget, useGatehouse, useProject, useUser, withReturnTo, type HandlerUrls } from "@gatehouse/clients/react";
import { Trans } from "@lingui/react/macro";
import { Avatar, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";

// The menu and its floating dropdown load only for a signed-in user: a visitor on the sign-in page never needs them.
const SignedInMenu = lazy(() => import("./signed-in-menu").then((m) => ({ default: m.SignedInMenu })));

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
        {/* A subtle button's padding shows only on hover: a narrow one leaves a phone's header room for the project's name. */}
        <Button component={Link} to={wayIn(urls.signIn)} variant="subtle" px="xs">
          <Trans>Sign in</Trans>
        </Button>
        {project.config.sign_up_enabled ? (
          <Button component={Link} to={wayIn(urls.signUp)} visibleFrom="xs">
            <Trans>Sign up</Trans>
          </Button>
        ) : null}
      </Group>
    );
  }

  return (
    <Suspense fallback={<Avatar radius="xl" aria-hidden />}>
      <SignedInMenu user={user} />
    </Suspense>
  );
}
