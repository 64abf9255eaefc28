import { createProjectFixture, startMailCatcher, startTestServer } from "@gatehouse/server/testing";
import { createServer } from "node:http";
import { readFileSync, existsSync } from "node:fs";
import { join, extname } from "node:path";
import { chromium } from "playwright-core";

const dist = process.argv[2] ?? "/tmp/stack-app-108";
const mail = await startMailCatcher();
const server = await startTestServer({ env: mail.env });
const project = await createProjectFixture(server);
const cfg = { baseUrl: server.url, projectId: project.projectId, publishableClientKey: project.keys.publishableKey };
const types: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml" };
const http = createServer((req, res) => {
  const path = new URL(req.url!, "http://x").pathname;
  const file = join(dist, path);
  if (path !== "/" && existsSync(file) && !path.endsWith("/")) {
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    return res.end(readFileSync(file));
  }
  const html = readFileSync(join(dist, "index.html"), "utf8").replace("<head>", `<head><script>window.GATEHOUSE_STACK_APP=${JSON.stringify(cfg)}</script>`);
  res.writeHead(200, { "content-type": "text/html" });
  res.end(html);
});
await new Promise<void>((r) => http.listen(0, "127.0.0.1", () => r()));
const appUrl = `http://localhost:${(http.address() as any).port}`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage();
page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log("CONSOLE", m.type(), m.text().slice(0, 300)); });
page.on("response", async (r) => { if (r.url().includes("/api/")) console.log("API", r.request().method(), r.status(), r.url().replace(server.url, "").slice(0, 120), r.headers()["x-stack-known-error"] ?? ""); });
page.on("requestfailed", (r) => console.log("FAILED", r.url().slice(0, 120), r.failure()?.errorText));
const pages = (process.argv[3] ?? "sign-in,sign-up").split(",");
for (const p of pages) {
  console.log("=== PAGE", p);
  if (p === "LOGIN") {
    await page.goto(`${appUrl}/handler/sign-in`);
    await page.getByLabel("Email").fill(project.user.email);
    await page.locator("input[type=password]").fill(project.user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForTimeout(3000);
    continue;
  }
  await page.goto(`${appUrl}/${p === "home" ? "" : "handler/" + p}`);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/stack-${p.replace(/\W/g, "_")}.png`, fullPage: true });
}
await browser.close();
http.close();
await server.close();
await mail.close();
