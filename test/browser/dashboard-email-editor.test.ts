import AxeBuilder from "@axe-core/playwright";
import type { Frame, Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { DESKTOP, PHONE, SCREENSHOTS_DIR, useBrowserHarness } from "./support/browser-harness";
import { openProjectPage, pageScreenshots, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

const THEME = `import { Body, Container, Html, Text } from "@react-email/components";

export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Body style={{ backgroundColor: "#0b3d5c", padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "8px" }}>
          <Text style={{ color: "#0b3d5c", fontWeight: 700 }}>Harbour Weekly</Text>
          {children}
        </Container>
      </Body>
    </Html>
  );
}
`;

const template = (greeting: string) => `import { Text } from "@react-email/components";
import { NotificationCategory, Subject } from "@stackframe/emails";

export function EmailTemplate({ user, project }: { user: { displayName: string | null }; project: { displayName: string } }) {
  return (
    <>
      <Subject value={"${greeting} from " + project.displayName} />
      <NotificationCategory value="Marketing" />
      <Text>${greeting}, {user.displayName}! The tides are turning.</Text>
    </>
  );
}
`;

/** Replaces everything in the CodeMirror editor with `text`, as a paste would. */
async function clearEditor(page: Page) {
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
}

async function replaceSource(page: Page, text: string) {
  await clearEditor(page);
  await page.keyboard.insertText(text);
}

const previewFrame = async (page: Page): Promise<Frame> => {
  const handle = await page.getByTitle("E-mail preview").elementHandle();
  return (await handle!.contentFrame())!;
};

async function previewText(page: Page): Promise<string> {
  return (await (await previewFrame(page)).locator("body").textContent()) ?? "";
}

/** Animations have ended (the editor's blinking cursor aside) and no preview is rendering. */
async function settled(page: Page) {
  await page.getByLabel("Rendering the preview").waitFor({ state: "detached" });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return animation.playState !== "running" || (target instanceof Element && target.closest(".cm-editor") !== null);
    }),
  );
}

async function addFromTab(page: Page, tab: string, label: string, name: string) {
  await page.getByRole("tab", { name: tab }).click();
  await page.getByLabel(label).fill(name);
  await page.getByRole("button", { name: "Add" }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

describe("dashboard: e-mail editor", () => {
  it("writes a theme and a template in it, with a live preview that shows errors with their line, and saves", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "editor-owner", { name: "Harbour app" });
    await openProjectPage(page, projectId, "email-templates", "E-mail templates");
    await page.getByRole("link", { name: "Edit Magic Link/OTP" }).waitFor();

    // A theme of our own. Emptied before its first preview comes back, the editor says there is
    // nothing to render rather than waiting on a preview that will not come.
    const heldPreviews: Route[] = [];
    await page.route("**/emails/render-email", (route) => void heldPreviews.push(route));
    await addFromTab(page, "Themes", "New theme", "Harbour");
    await clearEditor(page);
    const empty = page.getByTestId("preview-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toBe("The editor is empty: write the theme's source and its preview appears here.");
    for (const [scheme, width] of [["light", 1280], ["dark", 1280], ["light", 390], ["dark", 390]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `dashboard-email-editor-empty-${scheme}-${width}.png`) });
      const scan = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(scan.violations.map((v) => `${scheme} ${width}: ${v.id}`)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
    for (const route of heldPreviews) await route.abort();
    await page.unroute("**/emails/render-email");
    await replaceSource(page, THEME);
    await expect.poll(() => previewText(page), { timeout: 15_000 }).toContain("Harbour Weekly");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").getByText("Saved").waitFor();
    const themes = (await admin("GET", "/internal/email-themes")).json.themes as Array<{ id: string; display_name: string }>;
    const themeId = themes.find((t) => t.display_name === "Harbour")!.id;
    expect((await admin("GET", `/internal/email-themes/${themeId}`)).json.tsx_source).toBe(THEME);

    // A template in that theme: the preview follows the source.
    await page.getByRole("link", { name: "All themes" }).click();
    await addFromTab(page, "Templates", "New template", "Tide news");
    await page.getByRole("combobox", { name: "Theme" }).click();
    await page.getByRole("option", { name: "Harbour", exact: true }).click();
    await replaceSource(page, template("Ahoy"));
    await expect.poll(() => page.getByTestId("preview-subject").textContent(), { timeout: 15_000 }).toContain("Ahoy from Harbour app");
    await expect.poll(() => previewText(page)).toContain("Ahoy, John Doe! The tides are turning.");
    expect(await previewText(page)).toContain("Harbour Weekly");

    // A mistake: the error names its line, the last good preview stays.
    await replaceSource(page, template("Ahoy").replace("<Text>Ahoy", "<Text>{ Ahoy"));
    const problem = page.getByTestId("preview-error");
    await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toMatch(/^Line 9template\.tsx line 9, column \d+/);
    expect(await previewText(page)).toContain("The tides are turning.");
    await settled(page);
    await pageScreenshots(page, "dashboard-email-editor-error");

    // Emptied, the editor asks for nothing: the last preview stays, with no refusal of an empty source.
    const asked: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith("/emails/render-email")) asked.push(request.postData() ?? "");
    };
    page.on("request", onRequest);
    await clearEditor(page);
    await page.waitForTimeout(1_000); // past the preview's 400 ms pause after typing
    page.off("request", onRequest);
    expect(asked).toEqual([]);
    expect(await problem.count()).toBe(0);
    expect(await previewText(page)).toContain("The tides are turning.");

    // Fixed and saved: the server stores exactly what was written, with its theme.
    await replaceSource(page, template("Hello"));
    await expect.poll(() => page.getByTestId("preview-subject").textContent(), { timeout: 15_000 }).toContain("Hello from Harbour app");
    await expect.poll(() => problem.count()).toBe(0);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").getByText("Saved").waitFor();
    const templates = (await admin("GET", "/internal/email-templates")).json.templates as Array<{ id: string; display_name: string; tsx_source: string; theme_id?: string }>;
    const saved = templates.find((t) => t.display_name === "Tide news")!;
    expect(saved).toMatchObject({ tsx_source: template("Hello"), theme_id: themeId });
    const rendered = await admin("POST", "/emails/render-email", { template_id: saved.id });
    expect(rendered.json.subject).toBe("Hello from Harbour app");
    expect(rendered.json.html).toContain("Harbour Weekly");

    await settled(page);
    await pageScreenshots(page, "dashboard-email-editor");
    // A whole-page shot at phone width leaves the sandboxed frame below the fold unpainted; scrolled to, it shows.
    await page.setViewportSize(PHONE);
    const frame = page.getByTitle("E-mail preview");
    await frame.scrollIntoViewIfNeeded();
    expect(await previewText(page)).toContain("Hello, John Doe!");
    await frame.screenshot({ path: join(SCREENSHOTS_DIR, "dashboard-email-editor-preview-phone.png") });
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "All templates" }).click();
    await page.getByRole("link", { name: "Edit Tide news" }).waitFor();
    await pageScreenshots(page, "dashboard-email-templates");
  }, 120_000);
});
