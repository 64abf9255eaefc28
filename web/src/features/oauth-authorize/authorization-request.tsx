import { isKnownError, useAnswerOAuthAuthorization, useOAuthAuthorization, useProject, type CurrentUser } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { FallbackProps } from "react-error-boundary";
import { Boundary, RetryableError } from "../../components/boundary";
import { LoadingCard, PageCard } from "../../components/page-card";
import { errorMessage } from "../../lib/error-message";
import { isSiteProject } from "../../lib/session";
import type { AskingApp, OnNotice, StartOver } from "./authorize-state";
import { Consent, type Decision } from "./consent";
import { ExpiredRequest, NotAnOAuthServer } from "./request-problems";

interface AuthorizationRequestProps {
  uid: string;
  user: CurrentUser;
  onApp: (app: AskingApp) => void;
  onNotice: OnNotice;
  onStartOver: StartOver;
}

/** The request, read for the signed-in user, and what the page does with it. */
export function AuthorizationRequest(props: AuthorizationRequestProps) {
  const { t } = useLingui();
  return (
    <Boundary loading={<LoadingCard title={t`Reading the request`} />} failed={(failure) => <RequestFailure {...failure} onStartOver={props.onStartOver} />}>
      <Request {...props} />
    </Boundary>
  );
}

/**
 * Signed in: a request the user allowed before is answered at once; one the app wants a fresh
 * sign-in for signs out first; any other is the consent screen. An answer leaves for the app.
 */
function Request({ uid, user, onApp, onNotice, onStartOver }: AuthorizationRequestProps) {
  const { t } = useLingui();
  const project = useProject();
  const request = useOAuthAuthorization(uid);
  const answer = useAnswerOAuthAuthorization();
  const app = request.client;
  const appName = app.display_name;
  const { mutate } = answer;

  // Whatever the sign-in step said, the person got past it.
  useEffect(() => onNotice(null), [onNotice]);
  useEffect(() => onApp(app), [app, onApp]);

  // A sign-in made just now, when the app wants one; or the session ended on the server.
  const freshSignIn = request.requires_fresh_sign_in || isKnownError(answer.error, "OAUTH_FRESH_SIGN_IN_REQUIRED");
  const sessionEnded = isKnownError(answer.error, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  useEffect(() => {
    if (freshSignIn) onStartOver({ kind: "fresh-sign-in" });
    else if (sessionEnded) onStartOver({ kind: "session-ended" });
  }, [freshSignIn, sessionEnded, onStartOver]);

  // Allowed before, and the app did not ask to be asked again: no question, once.
  const automatic = !request.needs_decision && !request.requires_fresh_sign_in;
  const answeredAtOnce = useRef(false);
  useEffect(() => {
    if (!automatic || answeredAtOnce.current) return;
    answeredAtOnce.current = true;
    mutate({ uid, data: { decision: "allow" } });
  }, [automatic, mutate, uid]);

  if (isKnownError(answer.error, "OAUTH_AUTHORIZATION_NOT_FOUND")) return <ExpiredRequest app={app} />;
  if (isKnownError(answer.error, "OAUTH_SERVER_NOT_ENABLED")) return <NotAnOAuthServer projectName={project.display_name} />;
  if (freshSignIn || sessionEnded) return <LoadingCard title={t`Signing you out`} />;
  // Answered: the browser is on its way back to the app.
  if (answer.isPending || answer.isSuccess || (automatic && !answer.isError)) {
    const denied = answer.variables?.data.decision === "deny";
    return (
      <LoadingCard title={denied ? t`Returning to ${appName}` : t`Signing you in to ${appName}`}>
        {denied ? t`Telling ${appName} that you did not allow it…` : t`Taking you back to ${appName}…`}
      </LoadingCard>
    );
  }
  return (
    <Consent
      request={request}
      user={user}
      projectName={project.display_name}
      projectIsSite={isSiteProject(project.id)}
      error={answer.error ? errorMessage(answer.error) : null}
      onAnswer={(decision: Decision) => mutate({ uid, data: { decision } })}
      onSwitchAccount={() => onStartOver(null)}
    />
  );
}

/**
 * The request could not be read: expired or answered, the project is no OAuth server, the
 * session is not one the server takes (sign in again), or the server's message with a retry.
 */
function RequestFailure({ error, resetErrorBoundary, onStartOver }: FallbackProps & { onStartOver: StartOver }) {
  const { t } = useLingui();
  const project = useProject();
  const signedOut = isKnownError(error, "USER_AUTHENTICATION_REQUIRED");
  useEffect(() => {
    if (signedOut) onStartOver({ kind: "session-ended" });
  }, [signedOut, onStartOver]);
  if (isKnownError(error, "OAUTH_AUTHORIZATION_NOT_FOUND")) return <ExpiredRequest app={null} />;
  if (isKnownError(error, "OAUTH_SERVER_NOT_ENABLED")) return <NotAnOAuthServer projectName={project.display_name} />;
  if (signedOut) return <LoadingCard title={t`Signing you out`} />;
  return (
    <PageCard title={t`The request could not be read`} announce>
      <RetryableError error={error} resetErrorBoundary={resetErrorBoundary} />
    </PageCard>
  );
}
