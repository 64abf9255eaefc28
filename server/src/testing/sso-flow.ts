/**
 * SSO set-up and sign-in over HTTP for tests: a team with a verified domain (through the DNS
 * stand-in), a connection, and the sign-in as the browser drives it (our authorize endpoint, the
 * IdP, our callback or ACS, and the token endpoint with the client's PKCE verifier).
 */
import { callUntyped, type ProjectFixture } from "./fixtures";
import type { DnsStandIn } from "./dns-stand-in";
import { authorizeQuery, CLIENT_REDIRECT, exchangeCode, newPkce } from "./oauth-flow";
import type { TestApp } from "./test-server";

export async function createTeam(t: TestApp, project: ProjectFixture, name = "Acme"): Promise<string> {
  const res = await callUntyped(t, "POST", "/teams", { creds: project.server, body: { display_name: name } });
  if (res.status !== 201) throw new Error(`team: ${res.status} ${res.text}`);
  return res.json.id as string;
}

/** Adds and verifies a domain for the team (publishing its TXT record at the DNS stand-in). */
export async function verifiedDomain(
  t: TestApp,
  project: ProjectFixture,
  dns: DnsStandIn,
  teamId: string,
  domain: string,
  options: { autoJoin?: boolean; requireSso?: boolean } = {},
): Promise<{ id: string }> {
  const added = await callUntyped(t, "POST", `/teams/${teamId}/sso-domains`, { creds: project.server, body: { domain } });
  if (added.status !== 201) throw new Error(`domain: ${added.status} ${added.text}`);
  dns.txt.set(added.json.verification_record.name, [added.json.verification_record.value]);
  const verified = await callUntyped(t, "POST", `/teams/${teamId}/sso-domains/${added.json.id}/verify`, { creds: project.server, body: {} });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.text}`);
  if (options.autoJoin || options.requireSso) {
    const changed = await callUntyped(t, "PATCH", `/teams/${teamId}/sso-domains/${added.json.id}`, {
      creds: project.server,
      body: { auto_join: options.autoJoin ?? false, require_sso: options.requireSso ?? false },
    });
    if (changed.status !== 200) throw new Error(`domain options: ${changed.status} ${changed.text}`);
  }
  return { id: added.json.id };
}

/** Our authorize endpoint for `email`: the IdP URL, the client's PKCE and the binding cookie. */
export async function startSsoSignIn(t: TestApp, project: ProjectFixture, target: { email: string } | { connectionId: string }) {
  const pkce = newPkce();
  const query = authorizeQuery(project, { provider: "sso" }, pkce);
  for (const key of ["grant_type", "response_type", "type"]) query.delete(key);
  if ("email" in target) query.set("email", target.email);
  else query.set("connection_id", target.connectionId);
  const res = await t.request(`/api/v1/auth/sso/authorize?${query}`);
  if (res.status !== 307) throw new Error(`sso authorize: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  return { location: res.headers.get("location")!, pkce, cookie };
}

/** Posts a SAMLResponse to an ACS, as the browser's auto-submitted form does. */
export async function postToAcs(t: TestApp, acsUrl: string, samlResponse: string, relayState: string | null) {
  const body = new URLSearchParams({ SAMLResponse: samlResponse });
  if (relayState !== null) body.set("RelayState", relayState);
  const path = new URL(acsUrl).pathname;
  return t.request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() });
}

/** The client's end: the code in the callback URL traded for tokens. */
export async function tradeCallback(t: TestApp, project: ProjectFixture, location: string | null, verifier: string) {
  if (!location) throw new Error("no location");
  const url = new URL(location);
  if (!url.href.startsWith(CLIENT_REDIRECT)) throw new Error(`not the client's callback: ${location}`);
  const code = url.searchParams.get("code");
  if (!code) throw new Error(`no code: ${location}`);
  return exchangeCode(t, project, code, verifier);
}

/** The known error carried by an error redirect to the client's pages. */
export function redirectedError(location: string | null): { code: string | null; message: string | null } {
  const url = new URL(location ?? "http://x.invalid/");
  return { code: url.searchParams.get("errorCode"), message: url.searchParams.get("message") };
}
