import type { ReactElement } from "react";
import { createBrowserRouter } from "react-router";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page";
import { MagicLinkCallbackPage } from "../features/auth/magic-link-callback-page";
import { MfaPage } from "../features/auth/mfa-page";
import { PasswordResetPage } from "../features/auth/password-reset-page";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignOutPage } from "../features/auth/sign-out-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { EmailVerificationPage } from "../features/email-verification/email-verification-page";
import { HomePage } from "../features/home/home-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { TeamInvitationPage } from "../features/teams/team-invitation-page";
import { HANDLER_PAGES, type HandlerPage } from "../lib/handler-pages";
import { handlerPath } from "../lib/handler-paths";
import { Layout } from "./layout";

/** One page per entry of HANDLER_PAGES, the list the server's 404s are built from. */
const handlerPages: Record<HandlerPage, ReactElement> = {
  "sign-in": <SignInPage />,
  "sign-up": <SignUpPage />,
  "sign-out": <SignOutPage />,
  "email-verification": <EmailVerificationPage />,
  "forgot-password": <ForgotPasswordPage />,
  "password-reset": <PasswordResetPage />,
  "magic-link-callback": <MagicLinkCallbackPage />,
  mfa: <MfaPage />,
  "team-invitation": <TeamInvitationPage />,
};

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      ...HANDLER_PAGES.map((page) => ({ path: handlerPath(page), element: handlerPages[page] })),
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
