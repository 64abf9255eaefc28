import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../../testing/fixtures";
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
