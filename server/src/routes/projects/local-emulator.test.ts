import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, internalClient } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;

beforeAll(() => {
  t = app();
});

describe("POST /internal/local-emulator/project", () => {
  it("answers 400 with a sentence as text, as Stack Auth does with its local emulator off, and creates nothing", async () => {
    const response = await call(t, "POST", "/internal/local-emulator/project", {
      creds: internalClient,
      body: { absolute_file_path: "/etc/passwd" },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("x-stack-known-error")).toBeNull();
    expect(response.text).toContain("local emulator");
  });

  it("is for the internal project only", async () => {
    const project = await createProjectFixture(t);
    const response = await call(t, "POST", "/internal/local-emulator/project", {
      creds: project.client,
      body: { absolute_file_path: "/tmp/stack.config.ts" },
    });
    expect(response.json.code).toBe("EXPECTED_INTERNAL_PROJECT");
  });

  it("refuses a body without the file path", async () => {
    const response = await call(t, "POST", "/internal/local-emulator/project", { creds: internalClient, body: {} as never });
    expect(response.json.code).toBe("SCHEMA_ERROR");
  });
});

describeSecurity({
  operationId: "createLocalEmulatorProject",
  method: "POST",
  path: "/internal/local-emulator/project",
  access: ["client", "server", "admin"],
  body: { absolute_file_path: "/tmp/stack.config.ts" },
});
