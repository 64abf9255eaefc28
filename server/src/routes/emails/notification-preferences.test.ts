import { beforeAll, describe, expect, it } from "vitest";
import { unsubscribeLink, wantsNotifications, NOTIFICATION_CATEGORIES } from "../../services/emails/notification-preferences";
import { call, createProjectFixture, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const TRANSACTIONAL = NOTIFICATION_CATEGORIES.find((c) => !c.canDisable)!;
const MARKETING = NOTIFICATION_CATEGORIES.find((c) => c.canDisable)!;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const as = (user: SignedInUser) => ({ ...project.client, accessToken: user.accessToken });
const list = (user: SignedInUser) => call(t, "GET", "/emails/notification-preference/me", { creds: as(user) });
const setPref = (user: SignedInUser, categoryId: string, enabled: boolean, who = "me") =>
  call(t, "PATCH", `/emails/notification-preference/${who}/${categoryId}`, { creds: as(user), body: { enabled } });

describe("notification preferences", () => {
  it("lists every category, on by default, and turns a category off and on again", async () => {
    const user = await signUpUser(t, project.client);
    expect((await list(user)).json).toEqual({
      items: [
        { notification_category_id: TRANSACTIONAL.id, notification_category_name: "Transactional", enabled: true, can_disable: false },
        { notification_category_id: MARKETING.id, notification_category_name: "Marketing", enabled: true, can_disable: true },
      ],
      is_paginated: false,
    });
    const off = await setPref(user, MARKETING.id, false);
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ notification_category_id: MARKETING.id, enabled: false });
    expect((await list(user)).json.items[1].enabled).toBe(false);
    const tenancy = await t.deps.tenancies.load(project.projectId);
    expect(await wantsNotifications(t.deps, tenancy, user.userId, "Marketing")).toBe(false);
    expect(await wantsNotifications(t.deps, tenancy, user.userId, "Transactional")).toBe(true);
    await setPref(user, MARKETING.id, true);
    expect(await wantsNotifications(t.deps, tenancy, user.userId, "Marketing")).toBe(true);
  });

  it("never turns transactional mail off, and names an unknown category", async () => {
    const user = await signUpUser(t, project.client);
    const refused = await setPref(user, TRANSACTIONAL.id, false);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED");
    expect((await list(user)).json.items[0].enabled).toBe(true);
    // As Stack Auth answers it: a bare 404, no known error.
    const unknown = await setPref(user, "00000000-0000-4000-8000-000000000000", false);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/no notification category/i);
    expect(unknown.headers.get("x-stack-known-error")).toBeNull();
  });

  it("names the categories with Stack Auth's ids, and still knows the ids of unsubscribe links sent before", async () => {
    expect(TRANSACTIONAL.id).toBe("7bb82d33-2f54-4a3d-9d23-82739e0d66ef");
    expect(MARKETING.id).toBe("4f6f8873-3d04-46bd-8bef-18338b1a1b4c");
    const user = await signUpUser(t, project.client);
    const tenancy = await t.deps.tenancies.load(project.projectId);
    // A link mailed before the change carries Gatehouse's old Marketing id.
    const oldCode = t.deps.unsubscribeLinks.seal(JSON.stringify({ p: tenancy.projectId, b: tenancy.branchId, u: user.userId, c: "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d" }));
    const followed = await call(t, "GET", `/emails/unsubscribe-link?code=${encodeURIComponent(oldCode)}`);
    expect(followed.status).toBe(200);
    expect((await list(user)).json.items[1]).toMatchObject({ notification_category_id: MARKETING.id, enabled: false });
  });

  it("lets a client see and change only its own preferences; the server any user's", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    expect((await call(t, "GET", `/emails/notification-preference/${other.userId}`, { creds: as(user) })).json.code).toBe("USER_NOT_FOUND");
    expect((await setPref(user, MARKETING.id, false, other.userId)).json.code).toBe("USER_NOT_FOUND");
    const byServer = await call(t, "PATCH", `/emails/notification-preference/${other.userId}/${MARKETING.id}`, { creds: project.server, body: { enabled: false } });
    expect(byServer.status).toBe(200);
    expect((await list(other)).json.items[1].enabled).toBe(false);
    const missing = await call(t, "GET", "/emails/notification-preference/00000000-0000-4000-8000-000000000000", { creds: project.server });
    expect(missing.json.code).toBe("USER_NOT_FOUND");
  });

  it("unsubscribes through the link a mail carries, without a session, idempotently; a forged link does nothing", async () => {
    const user = await signUpUser(t, project.client);
    const tenancy = await t.deps.tenancies.load(project.projectId);
    const link = new URL(unsubscribeLink(t.deps, tenancy, user.userId, MARKETING.id));
    expect(link.pathname).toBe("/api/v1/emails/unsubscribe-link");
    const code = link.searchParams.get("code")!;
    for (let i = 0; i < 2; i++) {
      const followed = await call(t, "GET", `/emails/unsubscribe-link?code=${encodeURIComponent(code)}`);
      expect(followed.status).toBe(200);
      expect(followed.text).toContain("no longer receive marketing e-mail");
    }
    expect((await list(user)).json.items[1].enabled).toBe(false);

    const tampered = code.slice(0, -3) + (code.endsWith("AAA") ? "BBB" : "AAA");
    const forged = await call(t, "GET", `/emails/unsubscribe-link?code=${encodeURIComponent(tampered)}`);
    expect(forged.status).toBe(404);
    expect(forged.json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});

describeSecurity({
  operationId: "listNotificationPreferences",
  method: "GET",
  path: "/emails/notification-preference/me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
});
describeSecurity({
  operationId: "updateNotificationPreference",
  method: "PATCH",
  path: `/emails/notification-preference/me/${MARKETING.id}`,
  access: ["client", "server", "admin"],
  body: { enabled: false },
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
});
