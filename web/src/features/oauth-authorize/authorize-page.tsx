import { createGatehouseQueryClient, GatehouseProvider, useSignOut, useUser } from "@gatehouse/clients/react";
import type { QueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Boundary } from "../../components/boundary";
import { LoadingCard } from "../../components/page-card";
import { appNavigate } from "../../lib/app-navigate";
import { handlerPathBase } from "../../lib/handler-paths";
import { sessionForProject } from "../../lib/session";
import { AuthorizationRequest } from "./authorization-request";
import { AuthorizeLayout } from "./authorize-layout";
import { authorizePath, SECOND_FACTOR_STEP, STEP_PARAM } from "./authorize-paths";
import { ProjectFailure } from "./request-problems";
import type { AskingApp, OnNotice, SignInNotice, StartOver } from "./authorize-state";
import { LinkSignIn, ProviderCallback, SecondFactor, SignInStep } from "./sign-in-step";

/**
 * The OAuth authorize page, `/oauth2/<project id>/authorize/<uid>`: an app sent the person to a
 * project's OAuth server, which sent them here. They sign in to that project (any project, not
 * only this site's own), see what the app asks for, and allow or deny it; the answer sends the
 * browser back through the OAuth server to the app.
 *
 * The page has a session of its own for the project in its address, and its own client library
 * provider around it, so every hook below acts for that project. It is routed outside the site's
 * own provider (app/router.tsx): the generated hooks reach the network through one default
 * session, which two mounted providers would take from each other.
 */
export function AuthorizePage() {
  const { projectId = "", uid = "" } = useParams();
  return (
    <ProjectGatehouse key={projectId} projectId={projectId} uid={uid}>
      <AuthorizeLayout>
        <AuthorizeFlow uid={uid} />
      </AuthorizeLayout>
    </ProjectGatehouse>
  );
}

const queryClients = new Map<string, QueryClient>();

/**
 * One cache per project, for as long as the page is open. Not made in a component's state: the
 * first reads suspend before anything has been committed, and a cache made during that render
 * would be thrown away with it, and the reads started again in a new one, without end.
 */
function queryClientFor(projectId: string): QueryClient {
  let queryClient = queryClients.get(projectId);
  if (!queryClient) queryClients.set(projectId, (queryClient = createGatehouseQueryClient()));
  return queryClient;
}

/**
 * The client library for the project in the address: its session, a cache of its own (the
 * project's settings are read under the same key as this site's), and every page a sign-in
 * would go to pointed back at this page, so that signing in, the second factor and the
 * providers' and e-mail links all come back here.
 */
function ProjectGatehouse({ projectId, uid, children }: { projectId: string; uid: string; children: ReactNode }) {
  const navigate = useNavigate();
  const libraryNavigate = useMemo(() => appNavigate(navigate), [navigate]);
  const here = authorizePath(projectId, uid);
  const urls = {
    handlerPath: handlerPathBase,
    signIn: here,
    afterSignIn: here,
    afterSignUp: here,
    mfa: `${here}?${STEP_PARAM}=${SECOND_FACTOR_STEP}`,
    oauthCallback: here,
    error: here,
  };
  return (
    <GatehouseProvider session={sessionForProject(projectId)} queryClient={queryClientFor(projectId)} urls={urls} navigate={libraryNavigate}>
      {children}
    </GatehouseProvider>
  );
}

function AuthorizeFlow({ uid }: { uid: string }) {
  const { t } = useLingui();
  // Kept above the loading states: signing out and in again suspends everything below.
  const [app, setApp] = useState<AskingApp | null>(null);
  const [notice, setNotice] = useState<SignInNotice | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const { signOut } = useSignOut();
  // The request leaves the screen first, so that its read is not made again, signed out, when
  // the sign-out resets the user's reads; then the sign-in step shows, saying why.
  const startOver = useCallback(
    (why: SignInNotice | null) => {
      setNotice(why);
      setSigningOut(true);
      void signOut().finally(() => setSigningOut(false));
    },
    [signOut],
  );
  if (signingOut) return <LoadingCard title={t`Signing you out`} />;
  return (
    <Boundary loading={<LoadingCard title={t`Sign in`} />} failed={(props) => <ProjectFailure {...props} />}>
      <Authorize uid={uid} app={app} onApp={setApp} notice={notice} onNotice={setNotice} onStartOver={startOver} />
    </Boundary>
  );
}

interface AuthorizeProps {
  uid: string;
  app: AskingApp | null;
  onApp: (app: AskingApp) => void;
  notice: SignInNotice | null;
  onNotice: OnNotice;
  onStartOver: StartOver;
}

/**
 * Which step the page is at: finishing a provider's or an e-mailed link's sign-in when the
 * address carries one, signing in (and the second factor) when nobody is, else the request.
 */
function Authorize({ uid, app, onApp, notice, onNotice, onStartOver }: AuthorizeProps) {
  const user = useUser();
  const [params] = useSearchParams();
  if (params.has("state") || params.has("errorCode")) return <ProviderCallback onNotice={onNotice} />;
  const code = params.get("code");
  if (code) return <LinkSignIn code={code} onNotice={onNotice} />;
  if (!user && params.get(STEP_PARAM) === SECOND_FACTOR_STEP) return <SecondFactor />;
  if (!user) return <SignInStep app={app} notice={notice} />;
  return <AuthorizationRequest key={user.id} uid={uid} user={user} onApp={onApp} onNotice={onNotice} onStartOver={onStartOver} />;
}
