import { z } from "@hono/zod-openapi";
import { jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";

/**
 * The handler pages an app built on the Stack SDKs may replace with its own (a custom page
 * URL with the version of the page's contract it implements), and the contract version this
 * server works with for each. Stack Auth's dev tool compares an app's custom pages with these
 * to say when one is behind. Every page is at its first version, as in the Stack Auth release
 * this server is compatible with; Gatehouse's own pages (web/) implement the same contracts.
 */
const PAGES = {
  signIn: "signs a person in with the methods the project allows",
  signUp: "creates an account with the methods the project allows",
  signOut: "ends the current session",
  emailVerification: "verifies an e-mail address from the link sent to it",
  passwordReset: "sets a new password from the link sent by e-mail",
  forgotPassword: "asks for a password-reset link",
  oauthCallback: "finishes a sign-in with an OAuth provider",
  magicLinkCallback: "finishes a sign-in from an e-mailed link",
  accountSettings: "lets the signed-in user manage their profile, security, teams and keys",
  teamInvitation: "accepts an invitation to a team",
  mfa: "asks for the second factor of a sign-in",
  error: "explains an error that ended a flow",
  onboarding: "asks a new user for what the project requires before they go on",
} as const;

const PageVersionSchema = z
  .object({
    version: z.number().int().openapi({ description: "The latest version of the page's contract." }),
    changelogs: z.record(z.string(), z.string()).openapi({ description: "What each version brought, by version number." }),
  })
  .openapi("PageComponentVersion");

const ComponentVersionsSchema = z
  .object({ versions: z.record(z.string(), PageVersionSchema).openapi({ description: "By page: signIn, signUp, accountSettings and so on." }) })
  .openapi("ComponentVersions");

const getComponentVersionsRoute = publicRoute([], {
  operationId: "getComponentVersions",
  method: "get",
  path: "/internal/component-versions",
  tags: ["Misc"],
  summary: "The versions of the handler pages' contracts",
  description: "For development tools: the latest version of each page an app may replace with its own, with what each version brought. No authentication.",
  responses: { 200: jsonResponse(ComponentVersionsSchema, "Each page's latest version and changelog") },
});

const VERSIONS = Object.fromEntries(
  Object.entries(PAGES).map(([page, does]) => [page, { version: 1, changelogs: { "1": `First version: the page ${does}.` } }]),
);

export function registerComponentVersionRoutes(router: Router): void {
  router.openapi(getComponentVersionsRoute, (c) => c.json({ versions: VERSIONS }, 200));
}
