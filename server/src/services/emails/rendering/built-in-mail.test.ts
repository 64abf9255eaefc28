import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../../testing/fixtures";
import type { MailCatcher } from "../../../testing/mail-catcher";
import { useAppWithMail } from "../../../testing/shared-app";
import type { TestApp } from "../../../testing/test-server";
import { BUILT_IN_TEMPLATE_IDS } from "./defaults";

const app = useAppWithMail();
let t: TestApp;
let mail: MailCatcher;
let project: ProjectFixture;

beforeAll(async () => {
  ({ t, mail } = app());
  // Its own SMTP server (the same catcher): editing templates is for projects that send through their own.
  const own = { type: "standard", host: mail.host, port: mail.port, username: "u", password: "p", sender_name: "Acme", sender_email: "noreply@acme.example" };
  project = await createProjectFixture(t, { config: { magic_link_enabled: true, allow_localhost: true, email_config: own } });
});

const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
const TEMPLATE_PATH = `/internal/email-templates/${BUILT_IN_TEMPLATE_IDS.magicLink}`;

async function signInCodeMail() {
  const email = uniqueEmail("render");
  const res = await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, body: { email, callback_url: CALLBACK } });
  expect(res.status).toBe(200);
  return mail.waitFor(email);
}

describe("the platform's mail goes through the template renderer", () => {
  it("sends the built-in sign-in code template, HTML in the theme and a text part", async () => {
    const message = await signInCodeMail();
    expect(message.subject).toMatch(/^Your sign-in code for .*: [A-Z0-9]{6}$/);
    expect(message.text).toMatch(/Your sign-in code is [A-Z0-9]{6}\./);
    expect(message.text).toMatch(/Sign in: http:\/\/localhost:3000\/handler\/magic-link-callback\?code=/);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    expect(message.raw).toContain("f4f5f7"); // the built-in light theme
  });

  it("sends a project's edit of a built-in template, and the built-in one when the edit breaks", async () => {
    const shipped = (await callUntyped(t, "GET", TEMPLATE_PATH, { creds: project.admin })).json.tsx_source as string;
    const edited = shipped.replace("`Your sign-in code for ${project.displayName}: ${variables.otp}`", "`Acme code ${variables.otp}`");
    expect(edited).not.toBe(shipped);
    expect((await callUntyped(t, "PATCH", TEMPLATE_PATH, { creds: project.admin, body: { tsx_source: edited } })).status).toBe(200);
    expect((await signInCodeMail()).subject).toMatch(/^Acme code [A-Z0-9]{6}$/);

    // A template can pass its preview and still fail on real variables; the mail must still go out.
    const fragile = edited.replace("export function EmailTemplate(", 'const check = (v: { otp: string }) => { if (!v.otp.startsWith("3")) throw new Error("fragile"); };\nexport function EmailTemplate(').replace(
      "return (",
      "check(variables);\n  return (",
    );
    expect((await callUntyped(t, "PATCH", TEMPLATE_PATH, { creds: project.admin, body: { tsx_source: fragile } })).status).toBe(200);
    let fellBack = false;
    for (let i = 0; i < 5 && !fellBack; i++) {
      const message = await signInCodeMail();
      expect(message.text).toMatch(/Your sign-in code is [A-Z0-9]{6}\./);
      fellBack = /^Your sign-in code for /.test(message.subject);
    }
    expect(fellBack).toBe(true);
    await callUntyped(t, "DELETE", TEMPLATE_PATH, { creds: project.admin });
  });
});

describe("the platform's mail is in the language of the request that causes it", () => {
  const VERIFY_CALLBACK = "http://localhost:3000/handler/email-verification";
  const german = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };

  it("a German sign-up gets a German verification mail whose link verifies the address", async () => {
    const email = uniqueEmail("sprache");
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: project.client,
      headers: german,
      body: { email, password: "correct horse battery", verification_callback_url: VERIFY_CALLBACK },
    });
    expect(res.status).toBe(200);
    const message = await mail.waitFor(email);
    expect(message.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Fixture project");
    expect(message.text).toContain("Bitte bestätigen Sie über den Link unten, dass diese E-Mail-Adresse Ihnen gehört.");
    expect(message.text).toMatch(/E-Mail-Adresse bestätigen: http:\/\/localhost:3000\/handler\/email-verification\?code=[A-Z0-9]+/);
    expect(message.html).toMatch(/<html [^>]*lang="de"/);
    const code = /[?&]code=([A-Z0-9]+)/.exec(message.text)![1]!;
    expect((await call(t, "POST", "/contact-channels/verify", { creds: project.client, body: { code } })).status).toBe(200);
  });

  it("send-verification-code follows the Accept-Language of its own request", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "POST", "/contact-channels/send-verification-code", {
      creds: { ...project.client, accessToken: user.accessToken },
      headers: german,
      body: { email: user.email, callback_url: VERIFY_CALLBACK },
    });
    expect(res.json).toEqual({ success: true });
    const message = await mail.waitFor(user.email);
    expect(message.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Fixture project");
    expect(message.text).toContain(`${VERIFY_CALLBACK}?code=`);
  });

  it("a Japanese sign-in code mail carries the code", async () => {
    const email = uniqueEmail("nihongo");
    const res = await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, headers: { "accept-language": "ja-JP, en;q=0.5" }, body: { email, callback_url: CALLBACK } });
    expect(res.status).toBe(200);
    const message = await mail.waitFor(email);
    const otp = /：([A-Z0-9]{6})$/.exec(message.subject)?.[1];
    expect(message.subject).toBe(`Fixture project のサインインコード：${otp}`);
    expect(message.text).toContain(`サインインコードは ${otp} です。`);
    expect(message.text).toMatch(/サインイン：http:\/\/localhost:3000\/handler\/magic-link-callback\?code=/);
  });

  it("a French password reset, a Spanish team invitation and a sign-in invitation in German are in those languages", async () => {
    const reset = await call(t, "POST", "/auth/password/send-reset-code", {
      creds: project.client,
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
      body: { email: project.user.email, callback_url: "http://localhost:3000/handler/password-reset" },
    });
    expect(reset.status).toBe(200);
    const resetMail = await mail.waitFor(project.user.email, (m) => m.subject.startsWith("Réinitialisez"));
    expect(resetMail.subject).toBe("Réinitialisez votre mot de passe pour Fixture project");
    expect(resetMail.text).toContain("Réinitialiser le mot de passe\u00a0: http://localhost:3000/handler/password-reset?code=");

    const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: "Cohete" } });
    const invitee = uniqueEmail("equipo");
    const invited = await call(t, "POST", "/team-invitations/send-code", {
      creds: project.server,
      headers: { "accept-language": "es-MX" },
      body: { team_id: team.json.id, email: invitee, callback_url: "http://localhost:3000/handler/team-invitation" },
    });
    expect(invited.status).toBe(200);
    const invitation = await mail.waitFor(invitee);
    expect(invitation.subject).toBe("Te han invitado a unirte a Cohete en Fixture project");
    expect(invitation.text).toContain("Te han invitado a unirte al equipo Cohete.");

    const guest = uniqueEmail("gast");
    const sent = await call(t, "POST", "/internal/send-sign-in-invitation", {
      creds: project.admin,
      headers: german,
      body: { email: guest, callback_url: "http://localhost:3000/handler/sign-in" },
    });
    expect(sent.status).toBe(200);
    expect((await mail.waitFor(guest)).subject).toBe("Einladung zu Fixture project");
  });

  it("a language it does not speak, or none, gives English", async () => {
    for (const headers of [{ "accept-language": "sv-SE, nb;q=0.8, *;q=0.5" }, {}] as Array<Record<string, string>>) {
      const email = uniqueEmail("svenska");
      await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, headers, body: { email, callback_url: CALLBACK } });
      const message = await mail.waitFor(email);
      expect(message.subject).toMatch(/^Your sign-in code for Fixture project: [A-Z0-9]{6}$/);
      expect(message.text).toMatch(/^Hello,\r?\n/);
    }
  });

  it("the language named first wins over later ones, quality values counting", async () => {
    const email = uniqueEmail("prefer");
    await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, headers: { "accept-language": "en;q=0.4, fr-CA;q=0.9, es" }, body: { email, callback_url: CALLBACK } });
    expect((await mail.waitFor(email)).subject).toMatch(/^Tu código de inicio de sesión para Fixture project: [A-Z0-9]{6}$/);
  });

  it("a project's edited template goes out as the project wrote it, untranslated", async () => {
    const shipped = (await callUntyped(t, "GET", TEMPLATE_PATH, { creds: project.admin })).json.tsx_source as string;
    const edited = shipped.replace("`Your sign-in code for ${project.displayName}: ${variables.otp}`", "`Acme code ${variables.otp}`");
    expect((await callUntyped(t, "PATCH", TEMPLATE_PATH, { creds: project.admin, body: { tsx_source: edited } })).status).toBe(200);
    try {
      const email = uniqueEmail("edited");
      await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, headers: german, body: { email, callback_url: CALLBACK } });
      const message = await mail.waitFor(email);
      expect(message.subject).toMatch(/^Acme code [A-Z0-9]{6}$/);
      expect(message.text).toMatch(/Your sign-in code is [A-Z0-9]{6}\./);
    } finally {
      await callUntyped(t, "DELETE", TEMPLATE_PATH, { creds: project.admin });
    }
  });
});
