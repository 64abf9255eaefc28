import type { api } from "@gatehouse/clients/react";
import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { IconCheck, IconExternalLink } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../components/error-alert";
import { exactTime } from "../../../lib/format-time";
import { appDomains, appPageUrl } from "../shell/app-pages";
import { dashboardPath, useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { ImpersonationTokenView, type ImpersonationToken } from "./impersonation-token";
import { useImpersonateUser, useImpersonationLink } from "./use-user-sessions";
import { userErrorMessage } from "./user-error-message";
import { userLabel } from "./user-badges";

const HOUR = 3600 * 1000;
const LIFETIMES = [
  { value: String(HOUR), label: "1 hour" },
  { value: String(24 * HOUR), label: "1 day" },
  { value: String(7 * 24 * HOUR), label: "7 days" },
];

interface ImpersonateModalProps {
  user: api.ServerUser;
  opened: boolean;
  onClose: () => void;
}

/** The app opened as the user; `blockedUrl` is the link to open by hand when the browser blocked the new tab. */
interface OpenedApp {
  app: string;
  until: number;
  blockedUrl: string | null;
}

/**
 * Impersonation: the app, on one of the project's domains, opens in a new tab signed in as the
 * user, in a session marked as an impersonation. The dashboard asks for a single-use link to
 * the app's sign-in-link page, which the app's own page redeems. For apps without such a page,
 * the session's refresh token can be taken instead.
 */
export function ImpersonateModal({ user, opened, onClose }: ImpersonateModalProps) {
  const projectId = useProjectId();
  const { config } = useAdminProject(projectId);
  const apps = appDomains(config.domains);
  const link = useImpersonationLink(projectId, user.id);
  const impersonate = useImpersonateUser(projectId, user.id);
  const [lifetime, setLifetime] = useState(LIFETIMES[0]!.value);
  const [appIndex, setAppIndex] = useState("0");
  const [openedApp, setOpenedApp] = useState<OpenedApp | null>(null);
  const [token, setToken] = useState<ImpersonationToken | null>(null);
  const label = userLabel(user);
  const app = apps[Number(appIndex)] ?? apps[0];
  const pending = link.isPending || impersonate.isPending;
  const failure = link.error ?? impersonate.error;

  const close = () => {
    // Nothing is kept: closing the dialog is the last time the token can be seen.
    setOpenedApp(null);
    setToken(null);
    link.reset();
    impersonate.reset();
    onClose();
  };

  const openApp = () => {
    if (!app) return;
    impersonate.reset();
    // The tab is opened during the click: one opened once the link arrives would be blocked as a pop-up.
    const tab = window.open("", "_blank");
    link.mutate(
      { data: { user_id: user.id, callback_url: appPageUrl(app, "magicLinkCallback"), expires_in_millis: Number(lifetime) } },
      {
        onSuccess: ({ url }) => {
          if (tab) {
            // The app's tab gets no handle back on the dashboard.
            tab.opener = null;
            tab.location.href = url;
          }
          setOpenedApp({ app: app.domain, until: Date.now() + Number(lifetime), blockedUrl: tab ? null : url });
        },
        onError: () => tab?.close(),
      },
    );
  };

  const createToken = () => {
    link.reset();
    impersonate.mutate(
      { data: { user_id: user.id, is_impersonation: true, expires_in_millis: Number(lifetime) } },
      { onSuccess: (tokens) => setToken({ refreshToken: tokens.refresh_token, expiresAt: Date.now() + Number(lifetime) }) },
    );
  };

  const title = token ? "Impersonation session created" : openedApp ? `Signed in to your app as ${label}` : `Impersonate ${label}?`;
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg" closeOnClickOutside={!token && !openedApp && !pending}>
      {token ? (
        <Stack gap="md">
          <ImpersonationTokenView projectId={projectId} label={label} session={token} />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : openedApp ? (
        <Stack gap="md">
          {openedApp.blockedUrl ? (
            <>
              <Text>Your browser did not let the dashboard open a new tab. Open the app with this link; it works once, within 5 minutes.</Text>
              <Button
                component="a"
                href={openedApp.blockedUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink size={16} aria-hidden />}
                color="orange"
                w="fit-content"
              >
                Open {openedApp.app} as {label}
              </Button>
            </>
          ) : (
            <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} title={`${openedApp.app} opened in a new tab`}>
              It signs in as {label} when its sign-in-link page loads.
            </Alert>
          )}
          <Text size="sm">
            The session lasts until {exactTime(openedApp.until)} and is marked as an impersonation. Revoke it in this user&apos;s sessions when you are done. If you were already signed in to the
            app in this browser, the app may keep that session instead: use a private window.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            {app ? "This opens your app in a new tab signed in as " : "Impersonating signs you in to your app as "}
            <strong className="break-anywhere">{label}</strong>, with all their access. The session is marked as an impersonation, here and in the user&apos;s own list of sessions.
          </Text>
          {app ? (
            apps.length > 1 ? (
              <NativeSelect label="App" value={appIndex} onChange={(event) => setAppIndex(event.currentTarget.value)} data={apps.map((entry, index) => ({ value: String(index), label: entry.domain }))} />
            ) : null
          ) : (
            <Alert color="blue" variant="light" title="The dashboard does not know where your app is">
              Add your app&apos;s domain in{" "}
              <Anchor component={Link} to={`${dashboardPath(projectId, "settings")}#domains`}>
                the project&apos;s trusted domains
              </Anchor>{" "}
              to open it signed in as the user. Until then you can take the session&apos;s refresh token to the app yourself.
            </Alert>
          )}
          <NativeSelect label="Session lasts" value={lifetime} onChange={(event) => setLifetime(event.currentTarget.value)} data={LIFETIMES} maw={200} />
          <ErrorAlert message={failure ? userErrorMessage(failure) : null} />
          <Group justify="space-between">
            <Button variant="subtle" onClick={createToken} loading={impersonate.isPending} disabled={link.isPending}>
              Show a refresh token instead
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={close} disabled={pending} data-autofocus>
                Cancel
              </Button>
              {app ? (
                <Button color="orange" onClick={openApp} loading={link.isPending} disabled={impersonate.isPending} leftSection={<IconExternalLink size={16} aria-hidden />}>
                  Open the app as this user
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
