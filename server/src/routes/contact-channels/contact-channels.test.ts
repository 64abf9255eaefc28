import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, uniqueEmail, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
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

const asUser = <M extends HttpMethod, P extends string>(user: SignedInUser, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) =>
  call<M, P>(t, method, path, { creds: { ...project.client, accessToken: user.accessToken }, body });
const asServer = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: project.server, body });
const newUser = () => signUpUser(t, project.client);

describe("contact channels of the signed-in user", () => {
  it("lists the primary e-mail made at sign-up", async () => {
    const user = await newUser();
    const res = await asUser(user, "GET", "/contact-channels?user_id=me");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      items: [{ user_id: user.userId, id: expect.any(String), value: user.email, type: "email", used_for_auth: true, is_verified: false, is_primary: true }],
      is_paginated: false,
    });
  });

  it("creates, reads, updates and deletes a channel", async () => {
    const user = await newUser();
    const email = uniqueEmail("second");
    const created = await asUser(user, "POST", "/contact-channels", { user_id: "me", value: email.toUpperCase(), type: "email", used_for_auth: false });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ user_id: user.userId, value: email, used_for_auth: false, is_verified: false, is_primary: false });
    const id = created.json.id;

    expect((await asUser(user, "GET", `/contact-channels/me/${id}`)).json).toEqual(created.json);
    expect((await asUser(user, "GET", `/contact-channels/${user.userId}/${id}`)).json).toEqual(created.json);
    const one = await asUser(user, "GET", `/contact-channels?user_id=me&contact_channel_id=${id}`);
    expect(one.json.items).toEqual([created.json]);

    const updated = await asUser(user, "PATCH", `/contact-channels/me/${id}`, { used_for_auth: true });
    expect(updated.json).toMatchObject({ id, used_for_auth: true });

    const deleted = await asUser(user, "DELETE", `/contact-channels/me/${id}`);
    expect(deleted.json).toEqual({ success: true });
    expect(plainRefusal(await asUser(user, "GET", `/contact-channels/me/${id}`))).toEqual([400, expect.stringContaining("no such contact channel")]);
    expect((await asUser(user, "GET", "/contact-channels?user_id=me")).json.items).toHaveLength(1);
  });

  it("making a channel primary demotes the previous one and changes the user's primary e-mail", async () => {
    const user = await newUser();
    const email = uniqueEmail("new-primary");
    const created = await asUser(user, "POST", "/contact-channels", { user_id: "me", value: email, type: "email", used_for_auth: true, is_primary: true });
    expect(created.json.is_primary).toBe(true);
    const channels = (await asUser(user, "GET", "/contact-channels?user_id=me")).json.items;
    expect(channels.filter((c: { is_primary: boolean }) => c.is_primary).map((c: { value: string }) => c.value)).toEqual([email]);
    const me = await asUser(user, "GET", "/users/me");
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: false });

    const old = channels.find((c: { value: string }) => c.value === user.email);
    await asUser(user, "PATCH", `/contact-channels/me/${old.id}`, { is_primary: true });
    expect((await asUser(user, "GET", "/users/me")).json.primary_email).toBe(user.email);
  });

  it("changing the value unverifies the channel and the user's primary e-mail follows", async () => {
    const user = await newUser();
    const [primary] = (await asUser(user, "GET", "/contact-channels?user_id=me")).json.items;
    await asServer("PATCH", `/contact-channels/${user.userId}/${primary.id}`, { is_verified: true });
    expect((await asServer("GET", `/users/${user.userId}`)).json.primary_email_verified).toBe(true);
    const email = uniqueEmail("changed");
    const res = await asUser(user, "PATCH", `/contact-channels/me/${primary.id}`, { value: email });
    expect(res.json).toMatchObject({ value: email, is_verified: false, is_primary: true });
    expect((await asServer("GET", `/users/${user.userId}`)).json).toMatchObject({ primary_email: email, primary_email_verified: false, primary_email_auth_enabled: true });
    // The new address signs in; the old one no longer does.
    const signIn = (e: string) => call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: e, password: user.password } });
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(user.email)).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
  });

  it("deleting the primary channel leaves the user without a primary e-mail", async () => {
    const user = await newUser();
    const [primary] = (await asUser(user, "GET", "/contact-channels?user_id=me")).json.items;
    await asUser(user, "DELETE", `/contact-channels/me/${primary.id}`);
    expect((await asUser(user, "GET", "/users/me")).json).toMatchObject({ primary_email: null, primary_email_verified: false });
  });

  it("refuses a value another user signs in with, with the SDK's details", async () => {
    const user = await newUser();
    const res = await asUser(user, "POST", "/contact-channels", { user_id: "me", value: project.user.email, type: "email", used_for_auth: true });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      details: { type: "email", contact_channel_value: project.user.email, would_work_if_email_was_verified: false },
    });
    // Not for sign-in, the same address is fine; turning sign-in on later is refused.
    const quiet = await asUser(user, "POST", "/contact-channels", { user_id: "me", value: project.user.email, type: "email", used_for_auth: false });
    expect(quiet.status).toBe(201);
    const turnOn = await asUser(user, "PATCH", `/contact-channels/me/${quiet.json.id}`, { used_for_auth: true });
    expect(turnOn.json.code).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
    await asUser(user, "DELETE", `/contact-channels/me/${quiet.json.id}`);
    const [primary] = (await asUser(user, "GET", "/contact-channels?user_id=me")).json.items.filter((c: { is_primary: boolean }) => c.is_primary);
    const rename = await asUser(user, "PATCH", `/contact-channels/me/${primary.id}`, { value: project.user.email.toUpperCase() });
    expect(rename.json.code).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
  });

  it("refuses a second channel with the same value for one user", async () => {
    const user = await newUser();
    const res = await asUser(user, "POST", "/contact-channels", { user_id: "me", value: user.email, type: "email", used_for_auth: false });
    expect(plainRefusal(res)).toEqual([400, expect.stringContaining("already")]);
  });

  it("keeps users apart: another user's channel id is not theirs, another user id is not found", async () => {
    const user = await newUser();
    const other = await newUser();
    const [foreign] = (await asUser(other, "GET", "/contact-channels?user_id=me")).json.items;
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await callUntyped(t, method, `/contact-channels/me/${foreign.id}`, {
        creds: { ...project.client, accessToken: user.accessToken },
        body: method === "PATCH" ? { is_primary: false } : undefined,
      });
      expect(plainRefusal(res), method).toEqual([400, expect.stringContaining("no such contact channel")]);
    }
    expect(plainRefusal(await asUser(user, "POST", `/contact-channels/me/${foreign.id}/send-verification-code`, { callback_url: "/verify" }))).toEqual([
      400,
      expect.stringContaining("no such contact channel"),
    ]);
    // Listing is refused for anyone but oneself, whether or not the other user exists.
    expect(plainRefusal(await asUser(user, "GET", `/contact-channels?user_id=${other.userId}`))).toEqual([403, expect.stringContaining("own")]);
    expect(plainRefusal(await asUser(user, "GET", "/contact-channels?user_id=00000000-0000-4000-8000-000000000009"))).toEqual([403, expect.stringContaining("own")]);
    expect((await asUser(user, "POST", "/contact-channels", { user_id: other.userId, value: uniqueEmail(), type: "email", used_for_auth: false })).json.code).toBe(
      "USER_NOT_FOUND",
    );
    expect((await asUser(user, "GET", `/contact-channels?user_id=me&contact_channel_id=${foreign.id}`)).json.items).toEqual([]);
    // The other user's channel is untouched.
    expect((await asUser(other, "GET", `/contact-channels/me/${foreign.id}`)).status).toBe(200);
  });

  it("does not let a client set is_verified", async () => {
    const user = await newUser();
    const res = await callUntyped(t, "POST", "/contact-channels", {
      creds: { ...project.client, accessToken: user.accessToken },
      body: { user_id: "me", value: uniqueEmail(), type: "email", used_for_auth: false, is_verified: true },
    });
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });

  it.each([
    ["an invalid e-mail", { user_id: "me", value: "nope", type: "email", used_for_auth: false }],
    ["an unknown type", { user_id: "me", value: "a@example.com", type: "phone", used_for_auth: false }],
    ["a missing used_for_auth", { user_id: "me", value: "a@example.com", type: "email" }],
    ["an unknown field", { user_id: "me", value: "a@example.com", type: "email", used_for_auth: false, extra: 1 }],
  ])("rejects %s with SCHEMA_ERROR", async (_name, body) => {
    const user = await newUser();
    expect((await callUntyped(t, "POST", "/contact-channels", { creds: { ...project.client, accessToken: user.accessToken }, body })).json.code).toBe("SCHEMA_ERROR");
  });

  it("answers `me` without a session with CANNOT_GET_OWN_USER_WITHOUT_USER", async () => {
    expect((await call(t, "GET", "/contact-channels?user_id=me", { creds: project.client })).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });
});

describe("contact channels with server access", () => {
  it("creates a verified channel for any user and reads it back", async () => {
    const user = await newUser();
    const email = uniqueEmail("server");
    const res = await asServer("POST", "/contact-channels", { user_id: user.userId, value: email, type: "email", used_for_auth: true, is_verified: true, is_primary: true });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ is_verified: true, is_primary: true, used_for_auth: true });
    expect((await asServer("GET", `/users/${user.userId}`)).json).toMatchObject({ primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true });
    expect((await asServer("GET", `/contact-channels?user_id=${user.userId}`)).json.items).toHaveLength(2);
  });

  it("keeps the channel and the user's primary e-mail in step when the user is changed", async () => {
    const first = uniqueEmail("made");
    const created = await asServer("POST", "/users", { primary_email: first, primary_email_verified: true });
    const email = uniqueEmail("patched");
    await asServer("PATCH", `/users/${created.json.id}`, { primary_email: email });
    // The old address stays one of the user's channels, no longer primary, as in Stack Auth.
    const items = (await asServer("GET", `/contact-channels?user_id=${created.json.id}`)).json.items;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: email, is_primary: true, is_verified: false }),
        expect.objectContaining({ value: first, is_primary: false, is_verified: true }),
      ]),
    );
    // Back to the first address: its own channel is promoted, still verified.
    const back = await asServer("PATCH", `/users/${created.json.id}`, { primary_email: first });
    expect(back.json).toMatchObject({ primary_email: first, primary_email_verified: true });
    expect((await asServer("GET", `/contact-channels?user_id=${created.json.id}`)).json.items).toHaveLength(2);
    // null demotes without deleting.
    const none = await asServer("PATCH", `/users/${created.json.id}`, { primary_email: null });
    expect(none.json).toMatchObject({ primary_email: null, primary_email_verified: false, primary_email_auth_enabled: false });
    expect((await asServer("GET", `/contact-channels?user_id=${created.json.id}`)).json.items).toHaveLength(2);
  });

  it("answers an unknown user with USER_NOT_FOUND and an unknown channel with a bare 400", async () => {
    const missing = "00000000-0000-4000-8000-000000000001";
    expect((await asServer("GET", `/contact-channels?user_id=${missing}`)).json.code).toBe("USER_NOT_FOUND");
    expect((await asServer("POST", "/contact-channels", { user_id: missing, value: uniqueEmail(), type: "email", used_for_auth: false })).json.code).toBe("USER_NOT_FOUND");
    const res = await asServer("GET", `/contact-channels/${project.user.userId}/${missing}`);
    expect(plainRefusal(res)).toEqual([400, expect.stringContaining("no such contact channel")]);
    expect((await asServer("GET", "/contact-channels?user_id=me")).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("cannot reach another project's user", async () => {
    const other = await createProjectFixture(t);
    expect((await asServer("GET", `/contact-channels?user_id=${other.user.userId}`)).json.code).toBe("USER_NOT_FOUND");
  });
});

const channelOf = async (ctx: { t: TestApp; project: ProjectFixture }) => {
  const res = await call(ctx.t, "GET", "/contact-channels?user_id=me", { creds: { ...ctx.project.client, accessToken: ctx.project.user.accessToken } });
  return res.json.items[0].id as string;
};
// Another project's user and channel, named with this project's server key: not found.
const foreign = (method: string, suffix = "", body?: unknown) => async (ctx: { t: TestApp; project: ProjectFixture; otherProject: ProjectFixture }) => ({
  path: `/contact-channels/${ctx.otherProject.user.userId}/${await channelOf({ t: ctx.t, project: ctx.otherProject })}${suffix}`,
  creds: ctx.project.server,
  body,
  code: "USER_NOT_FOUND" as const,
});
const ALL = ["client", "server", "admin"] as const;

describeSecurity({ operationId: "listContactChannels", method: "GET", path: "/contact-channels?user_id=me", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", foreignResource: async (ctx) => ({ path: `/contact-channels?user_id=${ctx.otherProject.user.userId}`, creds: ctx.project.server, code: "USER_NOT_FOUND" }) });
describeSecurity({ operationId: "createContactChannel", method: "POST", path: "/contact-channels", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", body: { user_id: "me", value: "sec@example.com", type: "email", used_for_auth: false }, foreignResource: async (ctx) => ({ path: "/contact-channels", creds: ctx.project.server, body: { user_id: ctx.otherProject.user.userId, value: "x@example.com", type: "email", used_for_auth: false }, code: "USER_NOT_FOUND" }) });
describeSecurity({ operationId: "getContactChannel", method: "GET", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", foreignResource: foreign("GET") });
describeSecurity({ operationId: "updateContactChannel", method: "PATCH", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", body: { is_primary: false }, foreignResource: foreign("PATCH", "", { is_primary: false }) });
describeSecurity({ operationId: "deleteContactChannel", method: "DELETE", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", foreignResource: foreign("DELETE") });
describeSecurity({ operationId: "sendContactChannelVerificationCode", method: "POST", path: "/contact-channels/me/00000000-0000-4000-8000-000000000000/send-verification-code", access: ALL, userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER", body: { callback_url: "/verify" }, foreignResource: foreign("POST", "/send-verification-code", { callback_url: "/verify" }) });
describeSecurity({ operationId: "sendEmailVerificationCode", method: "POST", path: "/contact-channels/send-verification-code", access: ALL, userRequired: "SCHEMA_ERROR", body: { email: "sec@example.com", callback_url: "/verify" } });
describeSecurity({ operationId: "verifyContactChannel", method: "POST", path: "/contact-channels/verify", access: ALL, body: { code: "x" } });
describeSecurity({ operationId: "checkContactChannelVerificationCode", method: "POST", path: "/contact-channels/verify/check-code", access: ALL, body: { code: "x" } });
