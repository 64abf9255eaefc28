import { isKnownError } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Text } from "@mantine/core";
import type { FallbackProps } from "react-error-boundary";
import { ErrorAlert } from "../../components/error-alert";
import { PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import type { AskingApp } from "./authorize-state";

/**
 * A request that can no longer be answered: it expired (they last half an hour), was answered
 * already (a second tab, the back button), or never existed. The server says which of these it
 * is to no one, so the page gives the one way on: start again from the app.
 */
export function ExpiredRequest({ app }: { app: AskingApp | null }) {
  const { t } = useLingui();
  const appName = app?.display_name;
  return (
    <PageCard title={t`This sign-in request has expired`} announce>
      <Text>
        {appName ? (
          <Trans>It was answered already, or it waited too long. Go back to {appName} and start signing in again.</Trans>
        ) : (
          <Trans>It was answered already, or it waited too long. Go back to the app and start signing in again.</Trans>
        )}
      </Text>
      {app?.homepage_url ? (
        <Group>
          <Button component="a" href={app.homepage_url} rel="noopener noreferrer">
            <Trans>Go to {appName}</Trans>
          </Button>
        </Group>
      ) : null}
    </PageCard>
  );
}

/** The project in the address does not let apps sign its users in (its OAuth server is off). */
export function NotAnOAuthServer({ projectName }: { projectName: string }) {
  const { t } = useLingui();
  return (
    <PageCard title={t`Apps cannot sign in with ${projectName}`} announce>
      <Text>
        <Trans>{projectName} does not let other apps sign you in with it. Go back to the app.</Trans>
      </Text>
    </PageCard>
  );
}

/**
 * The page could not start: the project in the address is unknown, or the server could not be
 * reached. The reason, and a retry where one may help.
 */
export function ProjectFailure({ error, resetErrorBoundary }: FallbackProps) {
  const { t } = useLingui();
  const unknownProject = isKnownError(error, "CURRENT_PROJECT_NOT_FOUND");
  return (
    <PageCard title={t`This sign-in request cannot be opened`} announce>
      <ErrorAlert
        message={unknownProject ? t`The address names a project this site does not know. Go back to the app and start signing in again.` : errorMessage(error)}
      />
      {unknownProject ? null : (
        <Group>
          <Button variant="default" onClick={resetErrorBoundary}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      )}
    </PageCard>
  );
}
