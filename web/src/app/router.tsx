import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { HomePage } from "../features/home/home-page";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignOutPage } from "../features/auth/sign-out-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { TeamInvitationPage } from "../features/teams/team-invitation-page";

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/handler/sign-in", element: <SignInPage /> },
      { path: "/handler/sign-up", element: <SignUpPage /> },
      { path: "/handler/sign-out", element: <SignOutPage /> },
      { path: "/handler/team-invitation", element: <TeamInvitationPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
