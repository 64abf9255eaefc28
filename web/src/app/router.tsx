import type { HandlerPageName } from "@gatehouse/clients/react";
import { useLingui } from "@lingui/react/macro";
import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, type ReactElement } from "react";
import { useRoutes, type RouteObject } from "react-router";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { HomePage } from "../features/home/home-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { Boundary } from "../components/boundary";
import { LoadingCard } from "../components/page-card";
import { urls } from "../lib/handler-paths";
import type { DashboardSectionPath } from "../features/dashboard/shell/dashboard-sections";
import { DASHBOARD_FIRST_READS, DASHBOARD_PAGES, preloadDashboardPage } from "./dashboard-routes";
import { CheckoutLayout } from "../features/checkout/checkout-layout";
import { Layout } from "./layout";
import { lazyPage, pageLoader } from "./page-loader";
import { Root } from "./root";

const loadDashboardLayout = pageLoader(() => import("../features/dashboard/shell/dashboard-layout"), "DashboardLayout");
// Opening a dashboard address, its frame and its page download together, not one after the other.
if (window.location.pathname.startsWith("/dashboard")) {
  void loadDashboardLayout().catch(() => undefined);
  preloadDashboardPage(window.location.pathname);
}

const DashboardLayout = lazy(loadDashboardLayout);
const ProjectsPage = lazyPage(() => import("../features/dashboard/projects/projects-page"), "ProjectsPage");
const DashboardNotFound = lazyPage(() => import("../features/dashboard/shell/dashboard-not-found"), "DashboardNotFound");

// The hosted checkout is for buyers only, who never need the sign-in pages' code, and the reverse.
const SsoSetupPage = lazyPage(() => import("../features/sso-setup/sso-setup-page"), "SsoSetupPage");
const CheckoutPage = lazyPage(() => import("../features/checkout/checkout-page"), "CheckoutPage");

// An app's request to sign someone in with a project: people who never use an app never download it.
const AuthorizePage = lazyPage(() => import("../features/oauth-authorize/authorize-page"), "AuthorizePage");

// Sign-in, sign-up, the password-reset request and home are in the first download; the pages a
// visitor reaches from a link in a mail, a CLI or another step load when opened.
const MagicLinkCallbackPage = lazyPage(() => import("../features/auth/magic-link-callback-page"), "MagicLinkCallbackPage");
const MfaPage = lazyPage(() => import("../features/auth/mfa-page"), "MfaPage");
const OAuthCallbackPage = lazyPage(() => import("../features/auth/oauth-callback-page"), "OAuthCallbackPage");
const PasswordResetPage = lazyPage(() => import("../features/auth/password-reset-page"), "PasswordResetPage");
const SignOutPage = lazyPage(() => import("../features/auth/sign-out-page"), "SignOutPage");
const CliAuthConfirmPage = lazyPage(() => import("../features/cli-auth/cli-auth-confirm-page"), "CliAuthConfirmPage");
const EmailVerificationPage = lazyPage(() => import("../features/email-verification/email-verification-page"), "EmailVerificationPage");
const ErrorPage = lazyPage(() => import("../features/error/error-page"), "ErrorPage");
const TeamInvitationPage = lazyPage(() => import("../features/teams/team-invitation-page"), "TeamInvitationPage");
// Account settings is the largest part of the app and not needed to sign in: it loads on its own.
const AccountSettingsPage = lazyPage(() => import("../features/account-settings/account-settings-page"), "AccountSettingsPage");

function AccountSettingsLoading() {
  const { t } = useLingui();
  return <LoadingCard title={t`Account settings`} />;
}

function AuthorizeLoading() {
  const { t } = useLingui();
  return <LoadingCard title={t`Sign in`} />;
}

function CheckoutLoading() {
  const { t } = useLingui();
  return <LoadingCard title={t`Checkout`} />;
}

/** One page per handler route of SPEC §2 (the list the server's 404s are built from, lib/handler-pages.ts). */
const handlerPages: Record<HandlerPageName, ReactElement> = {
  signIn: <SignInPage />,
  signUp: <SignUpPage />,
  signOut: <SignOutPage />,
  emailVerification: <EmailVerificationPage />,
  forgotPassword: <ForgotPasswordPage />,
  passwordReset: <PasswordResetPage />,
  oauthCallback: <OAuthCallbackPage />,
  magicLinkCallback: <MagicLinkCallbackPage />,
  accountSettings: (
    <Boundary loading={<AccountSettingsLoading />}>
      <AccountSettingsPage />
    </Boundary>
  ),
  error: <ErrorPage />,
  teamInvitation: <TeamInvitationPage />,
  mfa: <MfaPage />,
  cliAuthConfirm: <CliAuthConfirmPage />,
};

function dashboardProjectRoutes() {
  return Object.entries(DASHBOARD_PAGES).map(([path, Page]) => {
    const FirstReads = DASHBOARD_FIRST_READS[path as DashboardSectionPath];
    const element = (
      <>
        {FirstReads ? <FirstReads /> : null}
        <Page />
      </>
    );
    return path === "" ? { index: true, element } : { path: `${path}/*`, element };
  });
}

/**
 * The app's routes, for `useRoutes` under a BrowserRouter: the app loads no data through the
 * router, so React Router's data router (twice the code on the sign-in page) is not used.
 */
function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <Root queryClient={queryClient} />,
      children: [
        {
          // The dashboard loads on its own: people who only sign in never download it.
          path: "/dashboard",
          element: (
            <Boundary loading={<LoadingCard title="Dashboard" />}>
              <DashboardLayout />
            </Boundary>
          ),
          children: [
            { index: true, element: <ProjectsPage /> },
            { path: "projects/:projectId", children: dashboardProjectRoutes() },
            { path: "*", element: <DashboardNotFound /> },
          ],
        },
        {
          // A buyer of another project's product: outside the site's header, whose project
          // name and sign-in are this site's own (the page names the selling project).
          path: "/purchase/:code",
          element: (
            <CheckoutLayout>
              <Suspense fallback={<CheckoutLoading />}>
                <CheckoutPage />
              </Suspense>
            </CheckoutLayout>
          ),
        },
        {
          // A team's administrator with a set-up link (`#token=…`): outside the site's header,
          // whose sign-in is no part of it (the link alone opens the page).
          path: "/sso-setup",
          element: (
            <CheckoutLayout>
              <Suspense fallback={<LoadingCard title="Single sign-on set-up" />}>
                <SsoSetupPage />
              </Suspense>
            </CheckoutLayout>
          ),
        },
        {
          element: <Layout />,
          children: [
            { path: "/", element: <HomePage /> },
            ...Object.entries(handlerPages).map(([page, element]) => ({ path: urls[page as HandlerPageName], element })),
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
    {
      // An app's OAuth request, for any project (its OAuth server sends the browser here, see
      // server/src/services/oauth-apps/provider.ts). Outside Root: the page has a client library
      // provider of its own for the project in its address, and the generated hooks reach the
      // network through one default session, which two mounted providers would take from each other.
      path: "/oauth2/:projectId/authorize/:uid",
      element: (
        <Suspense fallback={<AuthorizeLoading />}>
          <AuthorizePage />
        </Suspense>
      ),
    },
  ];
}

export function AppRoutes({ queryClient }: { queryClient: QueryClient }) {
  const routes = useMemo(() => appRoutes(queryClient), [queryClient]);
  return useRoutes(routes);
}
