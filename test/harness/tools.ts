/**
 * The test tools the suites share with the server's own tests: HTTP fixtures (a project and
 * its keys made through the API), and stand-ins for what lies outside the server (an SMTP
 * catcher, a webhook endpoint, an OpenID provider, Stripe, an AI provider, a software
 * authenticator, a TOTP app). None of them loads a server module; they reach a server over
 * HTTP only.
 */
export * from "@gatehouse/server/testing/tools";
