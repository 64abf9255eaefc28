import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { PASSWORD, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, openProjectPage, pageScreenshots, signInToDashboard } from "./support/dashboard-project";

const harness = useBrowserHarness();
// rrweb's browser bundle, as an app would load it with its SDK.
const RRWEB_BUNDLE = join(dirname(createRequire(import.meta.url).resolve("rrweb")), "rrweb.umd.min.cjs");

/** A small app page for rrweb to record: a checklist whose buttons change the page. */
const APP_PAGE = `<!doctype html>
<html><head><title>Harbour checklist</title>
<style>body{font-family:sans-serif;margin:32px;background:#f4f7fb}h1{color:#1b4d89}li{margin:6px 0}.done{text-decoration:line-through;color:#6b7a90}
button{padding:6px 14px;margin-right:8px}#status{margin-top:16px;font-weight:bold}</style></head>
<body><h1>Harbour checklist</h1>
<ul id="items"><li id="ropes">Check the mooring ropes</li><li id="fuel">Top up the fuel</li><li id="radio">Test the radio</li></ul>
<button id="tick">Tick the next item</button><button id="add">Add an item</button>
<input id="note" placeholder="A note for the crew" />
<p id="status">Nothing ticked yet</p>
<script>
  let ticked = 0;
  document.getElementById("tick").onclick = () => {
    const item = document.querySelectorAll("#items li")[ticked];
    if (item) item.className = "done";
    ticked += 1;
    document.getElementById("status").textContent = "Ticked " + ticked + " of " + document.querySelectorAll("#items li").length;
  };
  document.getElementById("add").onclick = () => {
    const li = document.createElement("li");
    li.textContent = "Stow the fenders";
    document.getElementById("items").appendChild(li);
  };
</script></body></html>`;

describe("dashboard: session replays", () => {
  it("lists replays that rrweb recorded in a real page, and plays one back", async () => {
    const { page, server, context } = harness();
    const project = await createSeededProject(server, "Harbour app");
    await signInToDashboard(page, project);

    // Before anything is recorded: recording is off, and nothing is listed.
    await openProjectPage(page, project.projectId, "session-replays", "Session replays");
    await page.getByText("Recording is off").waitFor();
    await page.getByText("No replays yet").waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-session-replays-empty");

    // The SDK's uploads are refused until recording is turned on, here from the page.
    const email = uniqueEmail("sailor");
    const signedUp = await project.asClient("POST", "/auth/password/sign-up", {}, { email, password: PASSWORD });
    expect(signedUp.status).toBe(200);
    const asUser = { "x-stack-access-token": signedUp.json.access_token as string };
    const probe = await project.asClient("POST", "/session-replays/batch", asUser, batch([{ type: 4, timestamp: Date.now() }]));
    expect(probe.json.code).toBe("ANALYTICS_NOT_ENABLED");
    await page.getByRole("button", { name: "Turn on recording" }).click();
    await page.getByText("Recording is on").waitFor();
    await page.getByText("Recording is off").waitFor({ state: "detached" });

    // A real page, recorded by rrweb while someone uses it.
    const app = await context.newPage();
    await app.setContent(APP_PAGE);
    await app.addScriptTag({ path: RRWEB_BUNDLE });
    await app.evaluate(() => {
      const recorded: unknown[] = [];
      (window as unknown as { recorded: unknown[] }).recorded = recorded;
      (window as unknown as { rrweb: { record: (options: { emit: (event: unknown) => void }) => void } }).rrweb.record({ emit: (event) => recorded.push(event) });
    });
    await app.getByRole("button", { name: "Tick the next item" }).click();
    await app.waitForTimeout(300);
    await app.getByRole("button", { name: "Tick the next item" }).click();
    await app.getByPlaceholder("A note for the crew").fill("Leaving at dawn");
    await app.waitForTimeout(300);
    await app.getByRole("button", { name: "Add an item" }).click();
    await app.waitForTimeout(300);
    const events = await app.evaluate(() => (window as unknown as { recorded: Array<{ type: number }> }).recorded);
    await app.close();
    expect(events.some((event) => event.type === 2)).toBe(true);

    // Uploaded as the SDK does, in two batches of one session; the second sent twice.
    const half = Math.ceil(events.length / 2);
    const first = await project.asClient("POST", "/session-replays/batch", asUser, batch(events.slice(0, half)));
    expect([first.status, first.json.deduped]).toEqual([200, false]);
    const secondBody = batch(events.slice(half));
    expect((await project.asClient("POST", "/session-replays/batch", asUser, secondBody)).json.deduped).toBe(false);
    expect((await project.asClient("POST", "/session-replays/batch", asUser, secondBody)).json.deduped).toBe(true);

    await page.reload();
    const row = page.locator(`[data-replay-id="${first.json.session_replay_id}"]`);
    await row.getByText(email).waitFor();
    await row.getByRole("cell", { name: String(events.length), exact: true }).waitFor();
    expect(await page.locator("[data-replay-id]").count()).toBe(1);
    await settled(page);
    await pageScreenshots(page, "dashboard-session-replays-list");

    // A filter that matches nothing says so, and clears.
    await page.getByPlaceholder("Any number").click();
    await page.getByRole("option", { name: "20 clicks or more" }).click();
    await page.getByText("No replays match these filters").waitFor();
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await row.waitFor();

    // The replay plays the recorded page back, first as it was, then as it changed.
    await row.getByRole("link", { name: /^Play the replay of/ }).click();
    await page.getByRole("heading", { name: `Replay of ${email}`, level: 1 }).waitFor();
    const player = page.getByTestId("replay-player");
    const replayed = page.frameLocator("[data-testid=replay-player] iframe");
    await replayed.getByRole("heading", { name: "Harbour checklist" }).waitFor();
    await replayed.getByText("Nothing ticked yet").waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-session-replay-start");
    await player.locator(".rr-controller__btns button").first().click();
    await replayed.getByText("Ticked 2 of 3").waitFor({ timeout: 20_000 });
    await replayed.getByText("Stow the fenders").waitFor({ timeout: 20_000 });
    // At its end the player shows the last frame and offers to play again.
    await page.waitForFunction(() => document.querySelector(".rr-progress__handler")?.getAttribute("style")?.includes("100%") ?? false);
    await settled(page);
    await pageScreenshots(page, "dashboard-session-replay-played");

    // A replay that does not exist says so.
    await page.goto(`/dashboard/projects/${project.projectId}/session-replays/${randomUUID()}`);
    await page.getByText("No such replay").waitFor();
  }, 120_000);
});

function batch(events: unknown[]) {
  return {
    browser_session_id: BROWSER_SESSION,
    session_replay_segment_id: SEGMENT,
    batch_id: randomUUID(),
    started_at_ms: Date.now(),
    sent_at_ms: Date.now(),
    events,
  };
}

const BROWSER_SESSION = randomUUID();
const SEGMENT = randomUUID();
