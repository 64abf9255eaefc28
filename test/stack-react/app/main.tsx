/**
 * A plain React app on Stack's published React SDK, as a user coming from Stack Auth would
 * write it, pointed at a Gatehouse server: only `baseUrl` and the keys differ from an app on
 * Stack's hosted service. The page that serves it sets `window.GATEHOUSE_STACK_APP`.
 */
import { SelectedTeamSwitcher, StackClientApp, StackHandler, StackProvider, StackTheme, UserButton, useUser } from "@stackframe/react";
import { Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from "react-router";

interface AppConfig {
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
}

const config = (window as unknown as { GATEHOUSE_STACK_APP: AppConfig }).GATEHOUSE_STACK_APP;

const app = new StackClientApp({
  baseUrl: config.baseUrl,
  projectId: config.projectId,
  publishableClientKey: config.publishableClientKey,
  tokenStore: "cookie",
  redirectMethod: { useNavigate },
});

function Handler() {
  const location = useLocation();
  return <StackHandler app={app} location={location.pathname} fullPage />;
}

function Home() {
  const user = useUser();
  return (
    <main>
      <h1>Stack app home</h1>
      <UserButton />
      {user ? (
        <>
          <p data-testid="signed-in-as">{user.primaryEmail}</p>
          <SelectedTeamSwitcher />
        </>
      ) : (
        <p data-testid="signed-out">Signed out</p>
      )}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <Suspense fallback="Loading…">
    <BrowserRouter>
      <StackProvider app={app}>
        <StackTheme>
          <Routes>
            <Route path="/handler/*" element={<Handler />} />
            <Route path="/" element={<Home />} />
          </Routes>
        </StackTheme>
      </StackProvider>
    </BrowserRouter>
  </Suspense>,
);
