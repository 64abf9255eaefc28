/**
 * What a database dump or a stolen backup shows. The real flows run (sign-up with e-mail
 * verification, password reset, OTP and magic link, team invitation, sessions and refresh,
 * project, user and team API keys, TOTP enrolment), every code, token, key and secret they
 * hand out is collected, and then the whole database is dumped: every table's rows as text,
 * plus pg_dump on PostgreSQL and PGlite's own data-folder dump (which holds the write-ahead
 * log, so anything ever written in clear would show there). None of them may appear.
 */
import {
  call,
  createProjectFixture,
  databaseKindOf,
  dumpDatabase,
  startMailCatcher,
  startServer,
  TEST_INTERNAL_KEYS,
  TEST_SERVER_SECRET,
  testDbKind,
  uniqueEmail,
  type Credentials,
  type MailCatcher,
  type TestServer,
} from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieBrowser } from "../support/cookie-browser";

const CALLBACK = "http://localhost:3000/handler/callback";

interface HandedOut {
  what: string;
  value: string;
  /** Short values (a six-character OTP) are looked for in the text dumps only: in megabytes of binary they would match by chance. */
  short?: boolean;
}

let t: TestServer;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startServer({ env: mail.env });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

describe(`secrets at rest (${testDbKind()})`, () => {
  it("no code, token, key or secret handed out by the flows can be read from a dump of the database", async () => {
    const handedOut: HandedOut[] = [
      { what: "server secret", value: TEST_SERVER_SECRET },
      ...Object.entries(TEST_INTERNAL_KEYS).map(([name, value]) => ({ what: `internal ${name}`, value })),
    ];
    const keep = (what: string, value: unknown, short = false) => {
      expect(typeof value, what).toBe("string");
      handedOut.push({ what, value: value as string, short });
      return value as string;
    };
    const ok = <R extends { status: number; text: string }>(res: R, status = 200) => {
      expect(res.status, res.text).toBe(status);
      return res;
    };
    /** Runs `send`, then waits for the new message to `to` it caused and takes the code out of its link. */
    const mailed = async (to: string, subject: RegExp, send: () => Promise<unknown>) => {
      const earlier = new Set(mail.messages);
      await send();
      const message = await mail.waitFor(to, (m) => !earlier.has(m) && subject.test(m.subject));
      const link = /(\S+[?&]code=([A-Z0-9]+))/.exec(message.text);
      expect(link, message.text).not.toBeNull();
      return { message, link: link![1]!, code: link![2]! };
    };

    // The admin bootstrap: an owner, a project with its three keys, a user of the project.
    const project = await createProjectFixture(t, { config: { magic_link_enabled: true, allow_user_api_keys: true, allow_team_api_keys: true } });
    for (const [name, value] of Object.entries(project.keys)) keep(`project ${name}`, value);
    for (const who of [project.owner, project.user]) {
      keep("access token", who.accessToken);
      keep("refresh token", who.refreshToken);
      keep("password", who.password);
    }
    const client = project.client;
    const asUser = (accessToken: string): Credentials => ({ ...client, accessToken });

    // Sign-up with e-mail verification, then the verification itself.
    const email = uniqueEmail("at-rest");
    let signedUp!: Awaited<ReturnType<typeof call>>;
    const verification = await mailed(email, /Verify your e-mail/, async () => {
      signedUp = ok(await call(t, "POST", "/auth/password/sign-up", { creds: client, body: { email, password: "first password 1", verification_callback_url: CALLBACK } }));
    });
    keep("sign-up access token", signedUp.json.access_token);
    keep("sign-up refresh token", signedUp.json.refresh_token);
    keep("verification code", verification.code);
    keep("verification link", verification.link);
    ok(await call(t, "POST", "/contact-channels/verify", { creds: client, body: { code: verification.code } }));
    // A second verification e-mail, left unused (a live code).
    const liveVerification = await mailed(project.user.email, /Verify your e-mail/, async () =>
      ok(await call(t, "POST", "/contact-channels/send-verification-code", { creds: asUser(project.user.accessToken), body: { email: project.user.email, callback_url: CALLBACK } })),
    );
    keep("live verification code", liveVerification.code);

    // Password reset: one code used, one left live.
    const sendReset = async () => ok(await call(t, "POST", "/auth/password/send-reset-code", { creds: client, body: { email, callback_url: CALLBACK } }));
    const reset = await mailed(email, /Reset your password/, sendReset);
    keep("reset code", reset.code);
    ok(await call(t, "POST", "/auth/password/reset", { creds: client, body: { code: reset.code, password: keep("new password", "second password 2") } }));
    keep("live reset code", (await mailed(email, /Reset your password/, sendReset)).code);

    // OTP and magic link: one used to sign in, one left live.
    for (const used of [true, false]) {
      const otpEmail = uniqueEmail("otp");
      let nonce = "";
      const link = await mailed(otpEmail, /sign-in code/, async () => {
        const sent = ok(await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: client, body: { email: otpEmail, callback_url: CALLBACK } }));
        nonce = keep("OTP nonce", sent.json.nonce);
      });
      const otp = /: ([A-Z0-9]{6})$/.exec(link.message.subject)![1]!;
      keep("OTP", otp, true);
      keep("magic link code", link.code);
      expect(link.code).toBe(otp + nonce);
      if (used) {
        const signedIn = ok(await call(t, "POST", "/auth/otp/sign-in", { creds: client, body: { code: link.code } }));
        keep("OTP access token", signedIn.json.access_token);
        keep("OTP refresh token", signedIn.json.refresh_token);
      }
    }

    // Sessions: password sign-in, a server-made session, a refresh.
    const signedIn = ok(await call(t, "POST", "/auth/password/sign-in", { creds: client, body: { email, password: "second password 2" } }));
    keep("sign-in access token", signedIn.json.access_token);
    const refreshToken = keep("sign-in refresh token", signedIn.json.refresh_token);
    const made = ok(await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: project.user.userId } }));
    keep("server-made access token", made.json.access_token);
    keep("server-made refresh token", made.json.refresh_token);
    const refreshed = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
    });
    expect(refreshed.status).toBe(200);
    keep("refreshed access token", ((await refreshed.json()) as { access_token: string }).access_token);

    // A team, an invitation left live, and API keys of a user and of the team.
    const team = ok(await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "At rest", creator_user_id: project.user.userId } }), 201);
    const invitee = uniqueEmail("invitee");
    const invitation = await mailed(invitee, /invited/, async () =>
      ok(await call(t, "POST", "/team-invitations/send-code", { creds: project.server, body: { team_id: team.json.id, email: invitee, callback_url: CALLBACK } })),
    );
    keep("invitation code", invitation.code);
    const userKey = ok(await call(t, "POST", "/user-api-keys", { creds: asUser(project.user.accessToken), body: { description: "at rest", expires_at_millis: null, user_id: "me" } }), 200);
    keep("user API key", userKey.json.value);
    const teamKey = ok(await call(t, "POST", "/team-api-keys", { creds: project.server, body: { description: "at rest", expires_at_millis: null, team_id: team.json.id } }), 200);
    keep("team API key", teamKey.json.value);

    // TOTP enrolment.
    const totpSecret = keep("TOTP secret", Buffer.from("at-rest-totp-secret-20b").toString("base64"));
    ok(await call(t, "PATCH", `/users/${signedUp.json.user_id}`, { creds: project.server, body: { totp_secret_base64: totpSecret } }));

    // A webhook endpoint's signing secret, and the one that replaced it.
    const endpoint = ok(await call(t, "POST", "/internal/webhooks/endpoints", { creds: project.admin, body: { url: "https://example.com/at-rest" } }), 201);
    keep("webhook secret", endpoint.json.secret.slice("whsec_".length));
    const rotated = ok(await call(t, "POST", `/internal/webhooks/endpoints/${endpoint.json.id}/rotate-secret`, { creds: project.admin }));
    keep("rotated webhook secret", rotated.json.secret.slice("whsec_".length));

    // The project as an OAuth server: an app's secret, a code, the tokens it was exchanged for,
    // the provider's session cookie, a device code and its user code left waiting.
    ok(await call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) } }));
    const oauthApp = ok(
      await call(t, "POST", "/internal/oauth-apps", {
        creds: project.admin,
        body: { display_name: "At rest", type: "confidential", redirect_uris: [CALLBACK], grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"] },
      }),
      201,
    );
    const clientSecret = keep("OAuth app secret", oauthApp.json.client_secret);
    const issuer = `${t.url}/api/v1/projects/${project.projectId}/oauth2`;
    const basic = `Basic ${Buffer.from(`${oauthApp.json.client_id}:${clientSecret}`).toString("base64")}`;
    const browser = new CookieBrowser();
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: oauthApp.json.client_id, response_type: "code", redirect_uri: CALLBACK, scope: "openid offline_access", prompt: "consent", state: "at-rest",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256",
    }).toString();
    const page = await browser.follow(authorize, CALLBACK);
    const uid = page.url.pathname.split("/").pop()!;
    const answer = ok(await call(t, "POST", `/oauth-apps/authorizations/${uid}`, { creds: asUser(project.user.accessToken), body: { decision: "allow" } }));
    const code = keep("OAuth authorization code", (await browser.follow(answer.json.redirect_to, CALLBACK)).url.searchParams.get("code"));
    for (const cookie of browser.values()) keep("OAuth server cookie", cookie);
    const exchanged = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: CALLBACK, code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" }).toString(),
    });
    expect(exchanged.status).toBe(200);
    const oauthTokens = (await exchanged.json()) as { access_token: string; refresh_token: string };
    keep("OAuth access token", oauthTokens.access_token);
    keep("OAuth refresh token", oauthTokens.refresh_token);
    const device = await fetch(`${issuer}/device/auth`, { method: "POST", headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" }, body: "scope=openid" });
    const deviceCodes = (await device.json()) as { device_code: string; user_code: string };
    keep("OAuth device code", deviceCodes.device_code);
    keep("OAuth user code", deviceCodes.user_code, true);

    const dumps = await dumpDatabase(t);
    expect(dumps.text).toContain(email);
    const found: string[] = [];
    for (const secret of handedOut) {
      for (const [name, dump] of Object.entries(dumps)) {
        if (secret.short && name !== "text") continue;
        if (dump.includes(secret.value)) found.push(`${secret.what} in the ${name} dump`);
      }
    }
    expect(found).toEqual([]);
    console.info(`secrets at rest (${databaseKindOf(t)}): ${handedOut.length} secrets looked for in ${Object.keys(dumps).join(", ")} dumps (${Object.values(dumps).map((d) => d.length).join(", ")} characters), 0 found`);
  }, 120_000);
});
