import { afterAll, describe, expect, it } from "vitest";
import { KnownError } from "../../../errors";
import { LIGHT_THEME_SOURCE } from "./defaults";
import { EmailRenderer } from "./renderer";

// A short limit keeps the runaway cases quick; two workers, so one runaway does not hold up the rest.
const renderer = new EmailRenderer({ poolSize: 2, timeoutMs: 1_500, memoryMb: 64 });
afterAll(() => renderer.close());

const render = (templateSource: string, themeSource = LIGHT_THEME_SOURCE) =>
  renderer.render({ themeSource, templateSource, project: { displayName: "Acme" }, variables: { name: "Ann" } });

/** The EMAIL_RENDERING_ERROR text a render fails with (and fails the test if it renders). */
async function failure(templateSource: string): Promise<string> {
  try {
    const out = await render(templateSource);
    throw new Error(`rendered instead of failing:\n${out.html.slice(0, 500)}`);
  } catch (error) {
    expect(error).toBeInstanceOf(KnownError);
    expect((error as KnownError).code).toBe("EMAIL_RENDERING_ERROR");
    return (error as KnownError<"EMAIL_RENDERING_ERROR">).details.error;
  }
}

const GOOD = `import { Text } from "@react-email/components";
import { Subject, NotificationCategory } from "@stackframe/emails";
export function EmailTemplate({ variables, project }: { variables: { name: string }; project: { displayName: string } }) {
  return <><Subject value={"Hi " + variables.name} /><NotificationCategory value="Marketing" /><Text>Welcome to {project.displayName}, {variables.name}.</Text></>;
}`;

describe("EmailRenderer", () => {
  it("renders a template in a theme to HTML, a text part, the subject and the notification category", async () => {
    const out = await render(GOOD, `export function EmailTheme({ children, unsubscribeLink }: any) { return <html><body><main>{children}</main><a href={unsubscribeLink ?? "#"}>Unsubscribe</a></body></html>; }`);
    expect(out.subject).toBe("Hi Ann");
    expect(out.notificationCategory).toBe("Marketing");
    expect(out.html).toMatch(/^<!DOCTYPE html/);
    expect(out.html).toContain("<main>");
    expect(out.html).toContain("Welcome to <!-- -->Acme");
    expect(out.text).toContain("Welcome to Acme, Ann.");
    expect(out.text).toContain("Unsubscribe");
  });

  it("stops a template that loops forever, and renders the next one", async () => {
    const started = Date.now();
    expect(await failure(`export function EmailTemplate() { while (true) {} }`)).toMatch(/timed out|took/i);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect((await render(GOOD)).subject).toBe("Hi Ann");
  });

  it("stops a template that loops forever in promise callbacks (by time or by memory, whichever runs out first)", async () => {
    expect(await failure(`export function EmailTemplate() { const spin = () => Promise.resolve().then(spin); spin(); return <p />; }`)).toMatch(
      /timed out|took|memory/i,
    );
  });

  it("refuses every way to reach the file system or the process", async () => {
    expect(await failure(`import fs from "fs";\nexport function EmailTemplate() { return <p>{fs.readFileSync("/etc/passwd", "utf8")}</p>; }`)).toMatch(/Cannot import "fs"/);
    expect(await failure(`export function EmailTemplate() { return <p>{require("node:fs").readFileSync("/etc/passwd", "utf8")}</p>; }`)).toMatch(/Cannot import "node:fs"/);
    expect(await failure(`export async function load() { return import("node:fs"); }\nexport function EmailTemplate() { throw new Error("unreachable " + typeof load()); }`)).toMatch(/unreachable object|Cannot import/);
    expect(await failure(`export function EmailTemplate() { return <p>{String(process.binding("fs"))}</p>; }`)).toMatch(/process is not defined/);
    expect(await failure(`export function EmailTemplate() { return <p>{String(globalThis.process ?? Function("return process")())}</p>; }`)).toMatch(/Code generation from strings disallowed/);
    expect(await failure(`export function EmailTemplate() { return <p>{(function () { return this.constructor.constructor("return process")(); })().pid}</p>; }`)).toMatch(/Code generation from strings disallowed/);
    expect(await failure(`export function EmailTemplate() { return <p>{eval("1")}</p>; }`)).toMatch(/Code generation from strings disallowed/);
  });

  it("awaits the dynamic import() only through the same allow-list", async () => {
    const source = `import { Subject } from "@stackframe/emails";
export function EmailTemplate() { throw new Error("never"); }
export const variablesSchema = (v: unknown) => { throw new Error("before render"); };`;
    expect(await failure(source)).toContain("before render");
    // An awaited import() rejects with the sandbox's own error, so the render fails with it.
    expect(
      await failure(`import { use } from "react";\nconst fs = import("node:fs");\nexport function EmailTemplate() { const m = use(fs) as any; return <p>{m.readFileSync("/etc/passwd", "utf8")}</p>; }`),
    ).toMatch(/Cannot import "node:fs"/);
  });

  it("has no network: no fetch, sockets or WebSocket", async () => {
    expect(await failure(`export function EmailTemplate() { fetch("http://127.0.0.1:9/"); return <p />; }`)).toMatch(/fetch is not defined/);
    expect(await failure(`import net from "net";\nexport function EmailTemplate() { net.connect(9, "127.0.0.1"); return <p />; }`)).toMatch(/Cannot import "net"/);
    expect(await failure(`export function EmailTemplate() { new WebSocket("ws://127.0.0.1:9/"); return <p />; }`)).toMatch(/WebSocket is not defined/);
  });

  it("stops a template that exhausts memory, and the pool keeps rendering", async () => {
    expect(await failure(`export function EmailTemplate() { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); }`)).toMatch(/memory|timed out|took/i);
    expect((await render(GOOD)).subject).toBe("Hi Ann");
  });

  it("reports a syntax error with its line and column", async () => {
    expect(await failure(`import { Text } from "@react-email/components";\n\nexport function EmailTemplate() {\n  return <Text>{ </Text>;\n}`)).toMatch(/^template\.tsx line 4, column \d+: /);
  });

  it("reports a runtime error with the template's own line", async () => {
    expect(await failure(`export function EmailTemplate({ variables }: any) {\n  const x = 1;\n\n  throw new Error("no greeting for " + variables.name);\n}`)).toBe(
      "template.tsx line 4: no greeting for Ann",
    );
  });

  it("renders several at once without mixing them up", async () => {
    const sources = ["A", "B", "C", "D", "E", "F"].map(
      (n) => `import { Subject } from "@stackframe/emails";\nexport function EmailTemplate() { return <><Subject value="${n}" /><p>${n}</p></>; }`,
    );
    const out = await Promise.all(sources.map((s) => render(s)));
    expect(out.map((o) => o.subject)).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("gives every render a fresh sandbox: one template cannot change what the next one sees", async () => {
    await render(`Array.prototype.join = () => "poisoned"; (globalThis as any).leak = "x";\nexport function EmailTemplate() { return <p>one</p>; }`);
    const out = await render(`import { Subject } from "@stackframe/emails";\nexport function EmailTemplate() { return <><Subject value={[typeof (globalThis as any).leak, ["a", "b"].join("-")].join(" ")} /><p>two</p></>; }`);
    expect(out.subject).toBe("undefined a-b");
  });

  it("keeps a promise a template leaves rejected behind it from failing the renders after it", async () => {
    // Each template renders, but leaves a rejection nobody awaits, which surfaces after its job has answered.
    const leaving = `import { Subject } from "@stackframe/emails";\nexport function EmailTemplate() { Promise.reject(new Error("left behind")); return <><Subject value="first" /><p>first</p></>; }`;
    for (let round = 0; round < 5; round++) {
      expect((await render(leaving)).subject).toBe("first");
      const next = await Promise.all([render(GOOD), render(GOOD)]);
      expect(next.map((out) => out.subject)).toEqual(["Hi Ann", "Hi Ann"]);
    }
  });
});
