import { beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_TEMPLATE_IDS, BUILT_IN_THEME_IDS } from "../../services/emails/rendering/defaults";
import { patchOverride } from "../../services/project-config/overrides";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let other: ProjectFixture;

/** A project's own SMTP server: templates are the project's own mail, which the shared server does not send. */
const OWN_SERVER = { type: "standard", host: "127.0.0.1", port: 2525, username: "u", password: "p", sender_name: "Acme", sender_email: "noreply@acme.example" };

beforeAll(async () => {
  t = app();
  [project, other] = await Promise.all([createProjectFixture(t), createProjectFixture(t)]);
  const configured = await callUntyped(t, "PATCH", "/internal/projects/current", { creds: project.admin, body: { config: { email_config: OWN_SERVER } } });
  expect(configured.status).toBe(200);
});

const admin = () => project.admin;

const TEMPLATE = `import { Text } from "@react-email/components";
import { NotificationCategory, Subject } from "@stackframe/emails";

export function EmailTemplate({ project, variables }: { project: { displayName: string }; variables: { product?: string } }) {
  return (
    <>
      <Subject value={"News about " + (variables.product ?? "nothing")} />
      <NotificationCategory value="Marketing" />
      <Text>{project.displayName} has news about {variables.product}.</Text>
    </>
  );
}

EmailTemplate.PreviewVariables = { product: "Rockets" };
`;

const THEME = `import { Body, Html } from "@react-email/components";
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return <Html><Body><div id="acme-frame">{children}</div></Body></Html>;
}
`;

describe("/internal/email-themes", () => {
  it("lists the built-in themes under Stack Auth's ids; the selected one is the project's email_theme", async () => {
    const res = await call(t, "GET", "/internal/email-themes", { creds: admin() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      themes: expect.arrayContaining([
        { id: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", display_name: "Default Light" },
        { id: "a0172b5d-cff0-463b-83bb-85124697373a", display_name: "Default Dark" },
        { id: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f", display_name: "Default Colorful" },
      ]),
    });
    const current = await callUntyped(t, "GET", "/internal/projects/current", { creds: other.admin });
    expect(current.json.config.email_theme).toBe(BUILT_IN_THEME_IDS.light);
  });

  it("still takes the old names default-light and default-dark for the built-in themes", async () => {
    const dark = await callUntyped(t, "GET", "/internal/email-themes/default-dark", { creds: admin() });
    expect(dark.json).toMatchObject({ id: BUILT_IN_THEME_IDS.dark, display_name: "Default Dark" });
    const selected = await callUntyped(t, "PATCH", "/internal/projects/current", { creds: other.admin, body: { config: { email_theme: "default-dark" } } });
    expect(selected.json.config.email_theme).toBe(BUILT_IN_THEME_IDS.dark);
    const preview = await call(t, "POST", "/emails/render-email", { creds: other.admin, body: { template_tsx_source: TEMPLATE } });
    expect(preview.json.html).toContain("#111318"); // the dark theme's page colour
    await callUntyped(t, "PATCH", "/internal/projects/current", { creds: other.admin, body: { config: { email_theme: BUILT_IN_THEME_IDS.light } } });
  });

  it("creates, reads, changes and deletes a theme; a broken source is refused with its line and not stored", async () => {
    const created = await call(t, "POST", "/internal/email-themes", { creds: admin(), body: { display_name: "Acme" } });
    expect(created.status).toBe(200);
    const id = created.json.id;
    const path = `/internal/email-themes/${id}` as const;

    const read = await callUntyped(t, "GET", path, { creds: admin() });
    expect(read.json).toMatchObject({ id, display_name: "Acme", tsx_source: expect.stringContaining("EmailTheme") });

    const patched = await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: THEME } });
    expect(patched.status).toBe(200);
    expect(patched.json).toEqual({ display_name: "Acme" });

    const broken = await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: "export function EmailTheme() {\n  return <div>{ </div>;\n}" } });
    expect(broken.status).toBe(400);
    expect(broken.json.code).toBe("EMAIL_RENDERING_ERROR");
    expect(broken.json.details.error).toMatch(/^theme\.tsx line 2/);
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json.tsx_source).toBe(THEME);

    // Another project sees none of it: a bare 404, as Stack Auth answers.
    const elsewhere = await callUntyped(t, "GET", path, { creds: other.admin });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).toMatch(/no e-mail theme/i);
    expect(elsewhere.headers.get("x-stack-known-error")).toBeNull();

    // The selected theme cannot go; once another is selected, it can.
    await patchOverride(t.deps, await t.deps.tenancies.load(project.projectId), "environment", { "emails.selectedThemeId": id });
    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).json.code).toBe("SCHEMA_ERROR");
    await patchOverride(t.deps, await t.deps.tenancies.load(project.projectId), "environment", { "emails.selectedThemeId": null });
    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).status).toBe(200);
    expect((await callUntyped(t, "GET", path, { creds: admin() })).status).toBe(404);
    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: THEME } })).status).toBe(404);
  });

  it("gives themes the project's logos as projectLogos, for <ProjectLogo />", async () => {
    const withLogo = await callUntyped(t, "PATCH", "/internal/projects/current", { creds: other.admin, body: { logo_url: "https://example.com/acme-logo.png" } });
    expect(withLogo.status).toBe(200);
    const theme = `import { Html, Body } from "@react-email/components";
import { ProjectLogo } from "@stackframe/emails";
export function EmailTheme({ children, projectLogos }) {
  return <Html><Body><ProjectLogo data={projectLogos} mode="light" />{children}</Body></Html>;
}`;
    const res = await call(t, "POST", "/emails/render-email", { creds: other.admin, body: { theme_tsx_source: theme, template_tsx_source: TEMPLATE } });
    expect(res.status).toBe(200);
    expect(res.json.html).toContain('src="https://example.com/acme-logo.png"');
    // The built-in themes show it too.
    const builtIn = await call(t, "POST", "/emails/render-email", { creds: other.admin, body: { template_tsx_source: TEMPLATE } });
    expect(builtIn.json.html).toContain("https://example.com/acme-logo.png");
  });
});

describe("/internal/email-templates", () => {
  it("lists the built-in templates under Stack Auth's ids", async () => {
    const res = await call(t, "GET", "/internal/email-templates", { creds: admin() });
    const ids = res.json.templates.filter((tpl: { is_built_in: boolean }) => tpl.is_built_in).map((tpl: { id: string }) => tpl.id);
    expect(ids.sort()).toEqual(Object.values(BUILT_IN_TEMPLATE_IDS).sort());
    expect(ids).toEqual(expect.arrayContaining(["a70fb3a4-56c1-4e42-af25-49d25603abd0", "70372aee-0441-4d80-974c-2e858e40123a", "f64b1afe-27ec-4a28-a277-7178f3261f9a"]));
  });

  it("creates a template, refuses a second with its id, checks edits by rendering them and deletes it", async () => {
    const created = await call(t, "POST", "/internal/email-templates", { creds: admin(), body: { display_name: "Launch", id: "launch-news" } });
    expect(created.json).toEqual({ id: "launch-news" });
    const again = await call(t, "POST", "/internal/email-templates", { creds: admin(), body: { display_name: "Launch", id: "launch-news" } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("EMAIL_TEMPLATE_ALREADY_EXISTS");

    const path = "/internal/email-templates/launch-news" as const;
    const patched = await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: TEMPLATE, theme_id: false } });
    expect(patched.status).toBe(200);
    expect(patched.json.rendered_html).toContain("has news about <!-- -->Rockets");
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json).toMatchObject({ tsx_source: TEMPLATE, theme_id: false, is_built_in: false });

    const noSubject = await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: "export function EmailTemplate() { return <p>hi</p>; }" } });
    expect(noSubject.json).toMatchObject({ code: "EMAIL_RENDERING_ERROR", details: { error: expect.stringContaining("subject") } });
    const throws = await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: 'export function EmailTemplate() {\n  return <p>{undefined.x}</p>;\n}' } });
    expect(throws.json.details.error).toMatch(/^template\.tsx line 2: /);
    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { theme_id: "no-such-theme" } })).json.code).toBe("SCHEMA_ERROR");
    const unknownTheme = await callUntyped(t, "PATCH", path, { creds: admin(), body: { theme_id: "00000000-0000-4000-8000-00000000dead" } });
    expect(unknownTheme.status).toBe(400);

    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).json).toEqual({});
    expect((await callUntyped(t, "GET", path, { creds: admin() })).status).toBe(404);
    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).status).toBe(404);
  });

  it("deleting an edited built-in template restores the shipped one", async () => {
    const path = `/internal/email-templates/${BUILT_IN_TEMPLATE_IDS.signInInvitation}`;
    const shipped = (await callUntyped(t, "GET", path, { creds: admin() })).json.tsx_source as string;
    const edited = shipped.replace("Open the link below to get started.", "Come in!");
    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: edited } })).json.rendered_html).toContain("Come in!");
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json.tsx_source).toBe(edited);
    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).status).toBe(200);
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json).toMatchObject({ tsx_source: shipped, is_built_in: true });
  });

  it("refuses to create, change or delete templates of a project that sends through the shared server", async () => {
    const path = `/internal/email-templates/${BUILT_IN_TEMPLATE_IDS.passwordReset}`;
    for (const res of [
      await call(t, "POST", "/internal/email-templates", { creds: other.admin, body: { display_name: "Nope" } }),
      await callUntyped(t, "PATCH", path, { creds: other.admin, body: { tsx_source: TEMPLATE } }),
      await callUntyped(t, "DELETE", path, { creds: other.admin }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("REQUIRES_CUSTOM_EMAIL_SERVER");
    }
    // Reading them is fine.
    expect((await callUntyped(t, "GET", path, { creds: other.admin })).status).toBe(200);
  });

  it("checks variables with an arktype schema, as Stack Auth's templates write them", async () => {
    const source = `import { type } from "arktype";
import { NotificationCategory, Subject } from "@stackframe/emails";
export const variablesSchema = type({ product: "string", count: "number" });
export function EmailTemplate({ variables }) {
  return <><Subject value={"Order of " + variables.product} /><NotificationCategory value="Transactional" /><p>{variables.count} x {variables.product}</p></>;
}
EmailTemplate.PreviewVariables = { product: "Kites", count: 2 };`;
    const ok = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: source } });
    expect(ok.status).toBe(200);
    expect(ok.json.subject).toBe("Order of Kites");
    const wrong = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: source, variables: { count: "two" } } });
    expect(wrong.json).toMatchObject({ code: "EMAIL_RENDERING_ERROR", details: { error: expect.stringMatching(/count must be a number/) } });
  });
});

describe("/internal/email-drafts", () => {
  it("creates, lists, reads, changes and deletes drafts, scoped to the project", async () => {
    const created = await call(t, "POST", "/internal/email-drafts", { creds: admin(), body: { display_name: "Spring sale" } });
    expect(created.status).toBe(200);
    const id = created.json.id;
    const path = `/internal/email-drafts/${id}`;
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json).toMatchObject({ id, display_name: "Spring sale", theme_id: null, sent_at_millis: null });

    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: TEMPLATE, theme_id: "default-dark" } })).json).toEqual({ ok: "ok" });
    await callUntyped(t, "PATCH", path, { creds: admin(), body: { sent_at_millis: 1_700_000_000_000 } });
    expect((await callUntyped(t, "GET", path, { creds: admin() })).json).toMatchObject({ tsx_source: TEMPLATE, theme_id: BUILT_IN_THEME_IDS.dark, sent_at_millis: 1_700_000_000_000 });

    const list = await call(t, "GET", "/internal/email-drafts", { creds: admin() });
    expect(list.json.drafts.map((d: { id: string }) => d.id)).toContain(id);
    expect((await call(t, "GET", "/internal/email-drafts", { creds: other.admin })).json.drafts).toEqual([]);
    expect((await callUntyped(t, "GET", path, { creds: other.admin })).status).toBe(404);
    expect((await callUntyped(t, "DELETE", path, { creds: other.admin })).status).toBe(404);

    expect((await callUntyped(t, "DELETE", path, { creds: admin() })).json).toEqual({ ok: "ok" });
    expect((await callUntyped(t, "GET", path, { creds: admin() })).status).toBe(404);
  });

  it("stores a draft as written, even one that does not render yet (it is rendered when previewed or sent)", async () => {
    const broken = "export function EmailTemplate() {\n  throw new Error('not finished');\n}";
    const created = await call(t, "POST", "/internal/email-drafts", { creds: admin(), body: { display_name: "WIP", tsx_source: broken } });
    expect(created.status).toBe(200);
    const path = `/internal/email-drafts/${created.json.id}`;
    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { tsx_source: "export function EmailTemplate( {" } })).json).toEqual({ ok: "ok" });
    const preview = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { draft_id: created.json.id } });
    expect(preview.json).toMatchObject({ code: "EMAIL_RENDERING_ERROR", details: { error: expect.stringMatching(/^template\.tsx line 1, column \d+/) } });
    // A theme it names must exist.
    expect((await callUntyped(t, "PATCH", path, { creds: admin(), body: { theme_id: "00000000-0000-4000-8000-00000000dead" } })).status).toBe(400);
  });
});

describe("POST /emails/render-email", () => {
  it("previews a built-in template in the selected theme with its preview variables", async () => {
    const res = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_id: BUILT_IN_TEMPLATE_IDS.magicLink } });
    expect(res.status).toBe(200);
    expect(res.json.subject).toMatch(/^Your sign-in code for .*: 3SLSWZ$/);
    expect(res.json.notification_category).toBe("Transactional");
    expect(res.json.html).toContain("#f4f5f7"); // the light theme's page colour
    expect(res.json.html).toContain("Your sign-in code is <!-- -->3SLSWZ");
    expect(res.json).not.toHaveProperty("text");
  });

  it("renders given sources and variables, a draft, and no theme", async () => {
    const res = await call(t, "POST", "/emails/render-email", {
      creds: admin(),
      body: { theme_tsx_source: THEME, template_tsx_source: TEMPLATE, variables: { product: "Boats" } },
    });
    expect(res.json).toMatchObject({ subject: "News about Boats", notification_category: "Marketing" });
    expect(res.json.html).toContain('id="acme-frame"');
    expect(res.json.html).toContain("has news about <!-- -->Boats");

    const draft = await call(t, "POST", "/internal/email-drafts", { creds: admin(), body: { display_name: "D", tsx_source: TEMPLATE } });
    const fromDraft = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { draft_id: draft.json.id, theme_id: false } });
    expect(fromDraft.json.subject).toBe("News about Rockets");
    expect(fromDraft.json.html).not.toContain("#f4f5f7");
  });

  it("answers EMAIL_RENDERING_ERROR with the line, a bare 400 for unknown ids, and SCHEMA_ERROR for a body that names too much or too little", async () => {
    const res = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: "const a = 1;\nexport function EmailTemplate() {\n  return <p>{a.b.c}</p>;\n}" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "EMAIL_RENDERING_ERROR", details: { error: expect.stringMatching(/^template\.tsx line 3: /) } });
    const noTemplate = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_id: "nope" } });
    expect([noTemplate.status, noTemplate.text, noTemplate.headers.get("x-stack-known-error")]).toEqual([400, expect.stringMatching(/no e-mail template/i), null]);
    const noTheme = await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: TEMPLATE, theme_id: "00000000-0000-4000-8000-00000000dead" } });
    expect([noTheme.status, noTheme.text]).toEqual([400, expect.stringMatching(/no e-mail theme/i)]);
    expect((await call(t, "POST", "/emails/render-email", { creds: admin(), body: {} })).json.code).toBe("SCHEMA_ERROR");
    const both = await call(t, "POST", "/emails/render-email", {
      creds: admin(),
      body: { theme_id: BUILT_IN_THEME_IDS.light, theme_tsx_source: THEME, template_tsx_source: TEMPLATE },
    });
    expect(both.json.code).toBe("SCHEMA_ERROR");
    expect((await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: TEMPLATE, theme_id: "no-such-theme" } })).json.code).toBe(
      "SCHEMA_ERROR",
    );
  });

  it("stops a template that never finishes while the server keeps answering other requests", async () => {
    const runaway = call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: "export function EmailTemplate() { for (;;) {} }" } });
    const started = Date.now();
    // While the render spins in its worker, requests are answered at once (several, in turn).
    for (let i = 0; i < 5; i++) {
      const before = Date.now();
      const res = await call(t, "GET", "/internal/email-themes", { creds: admin() });
      expect(res.status).toBe(200);
      expect(Date.now() - before).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const res = await runaway;
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "EMAIL_RENDERING_ERROR", details: { error: expect.stringMatching(/timed out|took/i) } });
    // And renders go on.
    expect((await call(t, "POST", "/emails/render-email", { creds: admin(), body: { template_tsx_source: TEMPLATE } })).json.subject).toBe("News about Rockets");
  }, 20_000);
});

const THEME_PATH = `/internal/email-themes/${BUILT_IN_THEME_IDS.dark}`;
const TEMPLATE_PATH = `/internal/email-templates/${BUILT_IN_TEMPLATE_IDS.passwordReset}`;
const DRAFT_PATH = "/internal/email-drafts/00000000-0000-4000-8000-000000000001";
describeSecurity({ operationId: "listEmailThemes", method: "GET", path: "/internal/email-themes", access: ["admin"] });
describeSecurity({ operationId: "createEmailTheme", method: "POST", path: "/internal/email-themes", access: ["admin"], body: { display_name: "T" } });
describeSecurity({ operationId: "getEmailTheme", method: "GET", path: THEME_PATH, access: ["admin"] });
describeSecurity({ operationId: "updateEmailTheme", method: "PATCH", path: THEME_PATH, access: ["admin"], body: { display_name: "T" } });
describeSecurity({ operationId: "deleteEmailTheme", method: "DELETE", path: THEME_PATH, access: ["admin"] });
describeSecurity({ operationId: "listEmailTemplates", method: "GET", path: "/internal/email-templates", access: ["admin"] });
describeSecurity({ operationId: "createEmailTemplate", method: "POST", path: "/internal/email-templates", access: ["admin"], body: { display_name: "T" } });
describeSecurity({ operationId: "getEmailTemplate", method: "GET", path: TEMPLATE_PATH, access: ["admin"] });
describeSecurity({ operationId: "updateEmailTemplate", method: "PATCH", path: TEMPLATE_PATH, access: ["admin"], body: { display_name: "T" } });
describeSecurity({ operationId: "deleteEmailTemplate", method: "DELETE", path: TEMPLATE_PATH, access: ["admin"] });
describeSecurity({ operationId: "listEmailDrafts", method: "GET", path: "/internal/email-drafts", access: ["admin"] });
describeSecurity({ operationId: "createEmailDraft", method: "POST", path: "/internal/email-drafts", access: ["admin"], body: { display_name: "D" } });
describeSecurity({ operationId: "getEmailDraft", method: "GET", path: DRAFT_PATH, access: ["admin"] });
describeSecurity({ operationId: "updateEmailDraft", method: "PATCH", path: DRAFT_PATH, access: ["admin"], body: { display_name: "D" } });
describeSecurity({ operationId: "deleteEmailDraft", method: "DELETE", path: DRAFT_PATH, access: ["admin"] });
describeSecurity({ operationId: "renderEmail", method: "POST", path: "/emails/render-email", access: ["admin"], body: { template_id: BUILT_IN_TEMPLATE_IDS.magicLink } });
