import type { HandlerPageName } from "@gatehouse/clients/react";
import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ReactElement } from "react";
import { createBrowserRouter } from "react-router";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page";
import { MagicLinkCallbackPage } from "../features/auth/magic-link-callback-page";
import { MfaPage } from "../features/auth/mfa-page";
import { OAuthCallbackPage } from "../features/auth/oauth-callback-page";
import { PasswordResetPage } from "../features/auth/password-reset-page";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignOutPage } from "../features/auth/sign-out-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { CliAuthConfirmPage } from "../features/cli-auth/cli-auth-confirm-page";
import { EmailVerificationPage } from "../features/email-verification/email-verification-page";
import { ErrorPage } from "../features/error/error-page";
import { HomePage } from "../features/home/home-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { TeamInvitationPage } from "../features/teams/team-invitation-page";
import { Boundary } from "../components/boundary";
import { LoadingCard } from "../components/page-card";
import { urls } from "../lib/handler-paths";
import { DASHBOARD_PAGES } from "./dashboard-routes";
import { CheckoutLayout } from "../features/checkout/checkout-layout";
import { Layout } from "./layout";
import { Root } from "./root";

const DashboardLayout = lazy(() => import("../features/dashboard/shell/dashboard-layout").then((m) => ({ default: m.DashboardLayout })));
const ProjectsPage = lazy(() => import("../features/dashboard/projects/projects-page").then((m) => ({ default: m.ProjectsPage })));
const DashboardNotFound = lazy(() => import("../features/dashboard/shell/dashboard-not-found").then((m) => ({ default: m.DashboardNotFound })));

// The hosted checkout is for buyers only, who never need the sign-in pages' code, and the reverse.
const CheckoutPage = lazy(() => import("../features/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage })));

// Account settings is the largest part of the app and not needed to sign in: it loads on its own.
const AccountSettingsPage = lazy(() => import("../features/account-settings/account-settings-page").then((m) => ({ default: m.AccountSettingsPage })));

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
    <Boundary loading={<LoadingCard title="Account settings" />}>
      <AccountSettingsPage />
    </Boundary>
  ),
  error: <ErrorPage />,
  teamInvitation: <TeamInvitationPage />,
  mfa: <MfaPage />,
  cliAuthConfirm: <CliAuthConfirmPage />,
};

function dashboardProjectRoutes() {
  return Object.entries(DASHBOARD_PAGES).map(([path, Page]) => (path === "" ? { index: true, element: <Page /> } : { path: `${path}/*`, element: <Page /> }));
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
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
              <Suspense fallback={<LoadingCard title="Checkout" />}>
                <CheckoutPage />
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
  ]);
}
