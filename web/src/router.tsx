import { createBrowserRouter } from "react-router";
import { Layout } from "./components/layout";
import { HomePage } from "./pages/home";
import { NotFoundPage } from "./pages/not-found";
import { MfaPage } from "./pages/handler/mfa";
import { SignInPage } from "./pages/handler/sign-in";
import { SignOutPage } from "./pages/handler/sign-out";
import { SignUpPage } from "./pages/handler/sign-up";
import { TeamInvitationPage } from "./pages/handler/team-invitation";

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/handler/sign-in", element: <SignInPage /> },
      { path: "/handler/mfa", element: <MfaPage /> },
      { path: "/handler/sign-up", element: <SignUpPage /> },
      { path: "/handler/sign-out", element: <SignOutPage /> },
      { path: "/handler/team-invitation", element: <TeamInvitationPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
