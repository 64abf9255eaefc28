/**
 * Managed e-mail onboarding is not offered: the routes exist (admin only, as in Stack Auth),
 * list no domains, and answer REQUIRES_CUSTOM_EMAIL_SERVER to the rest, changing nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const SETUP = { subdomain: "mail.example.com", sender_local_part: "noreply" };

describe("managed e-mail onboarding", () => {
  it("is not offered: no domains, and setting one up answers REQUIRES_CUSTOM_EMAIL_SERVER without changing the configuration", async () => {
    expect((await call(t, "GET", "/internal/emails/managed-onboarding/list", { creds: project.admin })).json).toEqual({ items: [] });
    for (const [path, body] of [
      ["/internal/emails/managed-onboarding/setup", SETUP],
      ["/internal/emails/managed-onboarding/check", { domain_id: "d", ...SETUP }],
      ["/internal/emails/managed-onboarding/apply", { domain_id: "d" }],
    ] as const) {
      const res = await callUntyped(t, "POST", path, { creds: project.admin, body });
      expect([res.status, res.json.code], path).toEqual([400, "REQUIRES_CUSTOM_EMAIL_SERVER"]);
    }
    const config = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(config.emails.server).toMatchObject({ isShared: true, provider: "smtp" });
  });

  it("checks its input like any route", async () => {
    const res = await callUntyped(t, "POST", "/internal/emails/managed-onboarding/setup", { creds: project.admin, body: { subdomain: "x" } });
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });
});

describeSecurity({ operationId: "setupManagedEmailDomain", method: "POST", path: "/internal/emails/managed-onboarding/setup", access: ["admin"], body: SETUP });
describeSecurity({
  operationId: "checkManagedEmailDomain",
  method: "POST",
  path: "/internal/emails/managed-onboarding/check",
  access: ["admin"],
  body: { domain_id: "d", ...SETUP },
});
describeSecurity({ operationId: "applyManagedEmailDomain", method: "POST", path: "/internal/emails/managed-onboarding/apply", access: ["admin"], body: { domain_id: "d" } });
describeSecurity({ operationId: "listManagedEmailDomains", method: "GET", path: "/internal/emails/managed-onboarding/list", access: ["admin"] });
