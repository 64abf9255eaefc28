import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../testing/fixtures";
import { createTestApp, TEST_INTERNAL_KEYS, type TestApp } from "../testing/test-server";
import type { AppEnv } from "./env";
import { mountWebApp } from "./web-app";

const INDEX = `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Gatehouse</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
const ROUTES = { projectId: "internal", pages: ["/"], sections: ["/dashboard"], handlerPages: ["sign-in", "password-reset"] };
const internalAdmin = { projectId: "internal", accessType: "admin", adminKey: TEST_INTERNAL_KEYS.superSecretAdminKey };

let distDir: string;
let t: TestApp;

function writeDist(dir: string, routes: unknown = ROUTES) {
  // null: a build without its route list
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "app.js"), "console.log('app');\n");
  if (routes !== null) writeFileSync(join(dir, "web-routes.json"), JSON.stringify(routes));
}

async function page(path: string) {
  const response = await t.request(path);
  const html = await response.text();
  return { status: response.status, html, handlerPath: /<meta name="gatehouse-handler-path" content="([^"]*)" \/>/.exec(html)?.[1] };
}

/** The handler path of the internal project's trusted domain for this server's public URL. */
async function setHandlerPath(handlerPath: string | null, domain = t.deps.settings.publicUrl) {
  const domains = handlerPath === null ? [] : [{ domain, handler_path: handlerPath }];
  const res = await call(t, "PATCH", "/internal/projects/current", { creds: internalAdmin, body: { config: { domains } } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "gatehouse-web-dist-"));
  writeDist(distDir);
  t = await createTestApp({ webDistDir: distDir });
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

beforeEach(() => setHandlerPath(null));

describe("the web app's pages", () => {
  it("answers 200 with the app for its pages, and 404 with the same app for every other path", async () => {
    for (const path of ["/", "/handler/sign-in", "/handler/password-reset?code=ABC", "/handler/sign-in/", "/Handler/Sign-In", "/dashboard", "/dashboard/projects/p1/users/u1"]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain('<div id="root"></div>');
    }
    for (const path of ["/nothing-here", "/dashboards", "/handler", "/handler/", "/handler/no-such-page", "/handler/sign-in/extra", "/sign-in", "/index.html", "/assets/missing.js"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain('<div id="root"></div>');
    }
  });

  it("keeps API paths out of the app: an unknown API path is the API's 404, not the page", async () => {
    for (const path of ["/api/v1/no-such-route", "/api/other"]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="root">');
    }
  });

  it("serves the built assets", async () => {
    const response = await t.request("/assets/app.js");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("console.log");
  });

  it("tells the app its handler path: /handler when the project configures none for this site", async () => {
    expect((await page("/")).handlerPath).toBe("/handler");
    expect((await page("/no-such-page")).handlerPath).toBe("/handler");
  });
});

describe("the handler path from the project's config", () => {
  it("moves the handler pages to the handler path of the trusted domain for the server's public URL", async () => {
    await setHandlerPath("/account/auth/");
    const moved = await page("/account/auth/sign-in");
    expect(moved).toMatchObject({ status: 200, handlerPath: "/account/auth" });
    expect((await page("/handler/sign-in")).status).toBe(404);
    expect((await page("/")).handlerPath).toBe("/account/auth");

    await setHandlerPath(null);
    expect((await page("/handler/sign-in")).status).toBe(200);
    expect((await page("/account/auth/sign-in")).status).toBe(404);
  });

  it("puts the handler pages at the site root for a handler path of /", async () => {
    await setHandlerPath("/");
    expect(await page("/sign-in")).toMatchObject({ status: 200, handlerPath: "/" });
    expect((await page("/")).status).toBe(200);
  });

  it("ignores the handler path of a trusted domain for another site", async () => {
    await setHandlerPath("/auth", "https://app.example.com");
    expect(await page("/handler/sign-in")).toMatchObject({ status: 200, handlerPath: "/handler" });
  });

  it("never writes a handler path into the page that could break out of its attribute", async () => {
    await setHandlerPath('/x"><script>alert(1)</script>');
    const res = await page("/handler/sign-in");
    expect(res).toMatchObject({ status: 200, handlerPath: "/handler" });
    expect(res.html).not.toContain("<script>alert(1)</script>");
  });
});

describe("mounting", () => {
  it("refuses a build without its route list, saying how to make one", () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-web-dist-"));
    try {
      writeDist(dir, null);
      expect(() => mountWebApp(new Hono<AppEnv>(), dir)).toThrow(/web-routes\.json is missing: rebuild the web app/);
      writeFileSync(join(dir, "web-routes.json"), JSON.stringify({ pages: "/" }));
      expect(() => mountWebApp(new Hono<AppEnv>(), dir)).toThrow(/not a route list this server understands/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("mounts nothing when there is no build", () => {
    expect(mountWebApp(new Hono<AppEnv>(), join(tmpdir(), "gatehouse-no-such-dist"))).toBe(false);
  });
});
