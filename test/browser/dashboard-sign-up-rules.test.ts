import { describe, expect, it } from "vitest";
import { confirmIn, signInNewUser } from "./support/account-settings";
import { clearForScreenshot, createAdminProject } from "./support/admin-project";
import { PASSWORD, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

describe("dashboard: sign-up rules", () => {
  it("adds, edits, reorders, disables and deletes rules, sets the default action, and tries a sign-up against them", async () => {
    const { page, server } = harness();
    const owner = await signInNewUser(page, server, "rules-owner");
    const { projectId, admin } = await createAdminProject(server, owner.tokens.access_token, owner.userId, { credential_enabled: true });
    const config = async () => JSON.parse((await admin("GET", "/internal/config")).json.config_string).auth as {
      signUpRules: Record<string, { enabled?: boolean; priority?: number; condition?: string; displayName?: string; action?: { type: string; message?: string } }>;
      signUpRulesDefaultAction: string;
    };
    const signUp = (email: string) =>
      fetch(`${server.url}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stack-project-id": projectId, "x-stack-access-type": "client" },
        body: JSON.stringify({ email, password: PASSWORD }),
      });

    await page.goto(`/dashboard/projects/${projectId}/sign-up-rules`);
    await page.getByText("No sign-up rules yet").waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-sign-up-rules-empty");

    // A condition that is no CEL: the server's message, in the form, and nothing saved.
    await page.getByRole("button", { name: "Add rule" }).click();
    let dialog = page.getByRole("dialog", { name: "Add a sign-up rule" });
    await dialog.getByLabel("Id").fill("block-spam");
    await dialog.getByLabel("Name").fill("Block spam");
    await dialog.getByLabel("Condition").fill('email.contains("spam"');
    await dialog.getByRole("button", { name: "Add rule" }).click();
    await dialog.getByRole("alert").filter({ hasText: "auth.signUpRules.block-spam.condition" }).waitFor();
    expect((await config()).signUpRules).toEqual({});
    await dialog.getByLabel("Condition").fill('email.contains("spam")');
    await dialog.getByLabel("Note").fill("Spam wave of November");
    await dialog.getByRole("button", { name: "Add rule" }).click();
    await dialog.waitFor({ state: "detached" });
    const rules = page.getByRole("list", { name: "Sign-up rules, in the order they run" });
    await rules.getByRole("listitem", { name: "Block spam" }).waitFor();
    expect((await config()).signUpRules["block-spam"]).toEqual({
      enabled: true,
      displayName: "Block spam",
      priority: 0,
      condition: 'email.contains("spam")',
      action: { type: "reject", message: "Spam wave of November" },
    });

    // A second rule goes above the first: it runs first.
    await page.getByRole("button", { name: "Add rule" }).click();
    dialog = page.getByRole("dialog", { name: "Add a sign-up rule" });
    await dialog.getByLabel("Id").fill("watch-example");
    await dialog.getByLabel("Condition").fill('emailDomain == "example.com"');
    await dialog.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Restrict" }).click();
    await dialog.getByRole("button", { name: "Add rule" }).click();
    await dialog.waitFor({ state: "detached" });
    await rules.getByRole("listitem", { name: "watch-example" }).waitFor();
    const order = async () => rules.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(await order()).toEqual(["watch-example", "Block spam"]);

    // Moved down: the priorities are rewritten so that the order holds.
    await page.getByRole("button", { name: "Run watch-example later" }).click();
    await expect.poll(order).toEqual(["Block spam", "watch-example"]);
    const reordered = (await config()).signUpRules;
    expect(reordered["block-spam"]!.priority).toBeGreaterThan(reordered["watch-example"]!.priority!);

    // Edited: a name, and the action.
    await page.getByRole("button", { name: "Edit watch-example" }).click();
    dialog = page.getByRole("dialog", { name: "Edit watch-example" });
    await dialog.getByLabel("Name").fill("Watch example.com");
    await dialog.getByRole("button", { name: "Save rule" }).click();
    await dialog.waitFor({ state: "detached" });
    await rules.getByRole("listitem", { name: "Watch example.com" }).waitFor();
    expect((await config()).signUpRules["watch-example"]).toMatchObject({ displayName: "Watch example.com", action: { type: "restrict" } });

    // The default action.
    await page.getByRole("region", { name: "Default action" }).getByText("Reject the sign-up").click();
    await expect.poll(async () => (await config()).signUpRulesDefaultAction).toBe("reject");

    // Sign-ups follow the rules, and the page counts the matches.
    expect((await signUp(`spam-${Date.now()}@spam.test`)).status).toBe(403);
    await page.reload();
    await rules.getByRole("listitem", { name: "Block spam" }).getByText("1 match in the last 48 hours; 1 in all.").waitFor();

    // A trial run, rule by rule.
    const trial = page.getByRole("form", { name: "Try a sign-up" });
    await trial.getByLabel("E-mail").fill("spam@example.com");
    await trial.getByRole("button", { name: "Try it" }).click();
    const result = page.getByRole("status", { name: "Result" });
    await result.getByText("Rejected.", { exact: false }).waitFor();
    await result.getByText("Decided by rule block-spam.", { exact: false }).waitFor();
    await result.getByRole("table", { name: "Rules looked at" }).getByText("Block spam").waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-sign-up-rules");

    // Disabled: skipped by sign-ups, and by the trial.
    await page.getByRole("switch", { name: "Enabled: Block spam" }).click();
    await expect.poll(async () => (await config()).signUpRules["block-spam"]!.enabled).toBe(false);
    await trial.getByRole("button", { name: "Try it" }).click();
    await result.getByText("No rule decided: the default action applied.", { exact: false }).waitFor();
    const looked = result.getByRole("table", { name: "Rules looked at" });
    await looked.getByRole("row", { name: /Block spam.*Disabled/ }).waitFor();
    await looked.getByRole("row", { name: /Watch example\.com.*Restrict.*Matched/ }).waitFor();

    // Deleted, after asking.
    await page.getByRole("button", { name: "Delete Block spam" }).click();
    await confirmIn(page, "Delete Block spam?", "Delete rule");
    await rules.getByRole("listitem", { name: "Block spam" }).waitFor({ state: "detached" });
    expect(Object.keys((await config()).signUpRules)).toEqual(["watch-example"]);
  }, 180_000);
});
