/**
 * The shared security suite (ARCHITECTURE §8). Every protected operation joins it with one
 * line, `describeSecurity({...})`, and is then checked against: no authentication, a key
 * without an access type, malformed headers, an unknown project, wrong and foreign keys for
 * every access type, access types the route does not admit, another project's token, an
 * expired or garbled token, a signed-out session's token, a missing session where one is needed, and (when the route
 * names one) another user's resource, and the bad-token matrix (forged, foreign and
 * anonymous tokens). Each case asserts the exact known error. Each entry names its
 * operationId first, checked against the served OpenAPI document (method, path, access);
 * security-coverage.test.ts fails when a protected operation of the document has no entry.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AccessType } from "../http/env";
import { knownErrors, type KnownErrorCode } from "../errors";
import { call, callUntyped, createProjectFixture, internalClient, type Credentials, type ProjectFixture } from "./fixtures";
import { expiredAccessToken, hs256WithPublicKey, signedWithClaims, signedWithForeignKey, unsignedToken } from "./forged-tokens";
import { createSamlIdp } from "./saml-idp";
import { useSharedTestApp } from "./shared-app";
import type { TestApp } from "./test-server";

export interface SecurityContext {
  t: TestApp;
  project: ProjectFixture;
  otherProject: ProjectFixture;
}

export interface ProtectedOperation {
  /** The document's operationId; keep it the first property (security-coverage.test.ts reads it from the source). */
  operationId: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The path under /api/v1; a function when it names resources made for the test. */
  path: string | ((ctx: SecurityContext) => string);
  access: readonly AccessType[];
  body?: unknown | ((ctx: SecurityContext) => unknown);
  /** The error a request without a user session gets, when the operation needs one. */
  // SCHEMA_ERROR where Stack Auth validates "a user is required" as part of the request (http/access.ts requireSignedInUser).
  userRequired?: "USER_AUTHENTICATION_REQUIRED" | "CANNOT_GET_OWN_USER_WITHOUT_USER" | "SCHEMA_ERROR";
  /** An attempt on a resource of another user or team, and the error it must get. */
  foreignResource?: (ctx: SecurityContext) => Promise<Attempt>;
  /** An attempt by a team member who lacks the team permission the operation needs. */
  memberWithoutPermission?: (ctx: SecurityContext) => Promise<Attempt>;
  /**
   * "not read" for an operation that does not read the user's access token (http/access.ts,
   * readAccessToken: false): the refusals of bad user tokens do not apply to it, and its own
   * tests show that such a token changes nothing.
   */
  accessToken?: "not read";
}

export interface Attempt {
  path: string;
  body?: unknown;
  creds: Credentials;
  code: KnownErrorCode;
  /** The details a plain refusal's sentence is made from (errors/define.ts, plainError), when it names any. */
  details?: object;
}

interface Case {
  name: string;
  creds: (ctx: SecurityContext) => Promise<Credentials | undefined> | Credentials | undefined;
  headers?: Record<string, string>;
  code: KnownErrorCode;
  /** A refusal of the user's access token (x-stack-access-token). */
  userToken?: true;
}

function casesFor(op: ProtectedOperation): Case[] {
  const withUser = (ctx: SecurityContext, creds: Credentials): Credentials =>
    op.userRequired ? { ...creds, accessToken: ctx.project.user.accessToken } : creds;
  const cases: Case[] = [
    { name: "no authentication at all", creds: () => undefined, code: "ACCESS_TYPE_REQUIRED" },
    {
      name: "a key without an access type",
      creds: (ctx) => ({ projectId: ctx.project.projectId, secretKey: ctx.project.keys.secretKey }),
      code: "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
    },
    {
      name: "an invalid access type",
      creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: "root" }),
      code: "INVALID_ACCESS_TYPE",
    },
    {
      name: "an access type without a project id",
      creds: () => undefined,
      headers: { "x-stack-access-type": "client" },
      code: "ACCESS_TYPE_WITHOUT_PROJECT_ID",
    },
    {
      name: "an unknown project",
      creds: () => ({ projectId: "00000000-0000-4000-8000-000000000000", accessType: op.access[0]! }),
      code: "CURRENT_PROJECT_NOT_FOUND",
    },
    {
      name: "a garbled access token",
      creds: (ctx) => ({ ...ctx.project.client, accessType: op.access[0]!, ...keysFor(ctx.project, op.access[0]!), accessToken: "not-a-jwt" }),
      code: "UNPARSABLE_ACCESS_TOKEN",
      userToken: true,
    },
    {
      name: "another project's access token",
      creds: (ctx) => ({ ...keysFor(ctx.project, op.access[0]!), projectId: ctx.project.projectId, accessType: op.access[0]!, accessToken: ctx.otherProject.user.accessToken }),
      code: "INVALID_PROJECT_FOR_ACCESS_TOKEN",
      userToken: true,
    },
    {
      name: "an expired access token",
      creds: async (ctx) => ({
        ...keysFor(ctx.project, op.access[0]!),
        projectId: ctx.project.projectId,
        accessType: op.access[0]!,
        accessToken: await expiredAccessToken(ctx.t, ctx.project.projectId, ctx.project.user.userId),
      }),
      code: "ACCESS_TOKEN_EXPIRED",
      userToken: true,
    },
  ];

  for (const type of ["client", "server", "admin"] as const) {
    if (!op.access.includes(type)) {
      cases.push({
        name: `the ${type} access type, which this route does not admit`,
        creds: (ctx) => withUser(ctx, { projectId: ctx.project.projectId, accessType: type, ...keysFor(ctx.project, type) }),
        code: "INSUFFICIENT_ACCESS_TYPE",
      });
    }
  }
  if (op.access.includes("client")) {
    cases.push({
      name: "a wrong publishable client key",
      creds: (ctx) => ({ ...ctx.project.client, publishableKey: "pck_wrong" }),
      code: "INVALID_PUBLISHABLE_CLIENT_KEY",
    });
    cases.push({
      name: "another project's publishable client key",
      creds: (ctx) => ({ ...ctx.project.client, publishableKey: ctx.otherProject.keys.publishableKey }),
      code: "INVALID_PUBLISHABLE_CLIENT_KEY",
    });
  }
  if (op.access.includes("server")) {
    cases.push(
      { name: "server access without a key", creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: "server" }), code: "SERVER_AUTHENTICATION_REQUIRED" },
      { name: "a wrong secret server key", creds: (ctx) => ({ ...ctx.project.server, secretKey: "ssk_wrong" }), code: "INVALID_SECRET_SERVER_KEY" },
      {
        name: "another project's secret server key",
        creds: (ctx) => ({ ...ctx.project.server, secretKey: ctx.otherProject.keys.secretKey }),
        code: "INVALID_SECRET_SERVER_KEY",
      },
    );
  }
  if (op.access.includes("admin")) {
    cases.push(
      { name: "admin access without a key", creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: "admin" }), code: "ADMIN_AUTHENTICATION_REQUIRED" },
      { name: "a wrong admin key", creds: (ctx) => ({ ...ctx.project.admin, adminKey: "sak_wrong" }), code: "INVALID_SUPER_SECRET_ADMIN_KEY" },
      {
        name: "another project's admin key",
        creds: (ctx) => ({ ...ctx.project.admin, adminKey: ctx.otherProject.keys.adminKey }),
        code: "INVALID_SUPER_SECRET_ADMIN_KEY",
      },
    );
  }
  // An admin access token stands for server access too, so it is refused there on the same terms.
  for (const type of (["server", "admin"] as const).filter((t) => op.access.includes(t))) {
    cases.push(
      {
        name: `the admin token of a user who does not own the project, for ${type} access`,
        creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: type, adminAccessToken: ctx.otherProject.owner.accessToken }),
        code: "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
      },
      {
        name: `a garbled admin access token, for ${type} access`,
        creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: type, adminAccessToken: "garbage" }),
        code: "UNPARSABLE_ADMIN_ACCESS_TOKEN",
      },
      {
        name: `a project user's token used as an admin token, for ${type} access`,
        creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: type, adminAccessToken: ctx.project.user.accessToken }),
        code: "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
      },
    );
  }
  cases.push(...signedOutSessionCases(op));
  if (op.userRequired) {
    cases.push({
      name: "no user session",
      creds: (ctx) => ({ projectId: ctx.project.projectId, accessType: op.access[0]!, ...keysFor(ctx.project, op.access[0]!) }),
      code: op.userRequired,
    });
  }
  cases.push(...forgedTokenCases(op));
  return op.accessToken === "not read" ? cases.filter((c) => !c.userToken) : cases;
}

/**
 * The bad-token matrix (issue 9 §5): tokens an attacker can build from public material or a
 * real token, each with the route's own valid keys, so only the token is wrong.
 */
function forgedTokenCases(op: ProtectedOperation): Case[] {
  const type = op.access[0]!;
  const withToken =
    (forge: (ctx: SecurityContext) => Promise<string>) =>
    async (ctx: SecurityContext): Promise<Credentials> => ({
      projectId: ctx.project.projectId,
      accessType: type,
      ...keysFor(ctx.project, type),
      accessToken: await forge(ctx),
    });
  const target = (ctx: SecurityContext) => ({ t: ctx.t, projectId: ctx.project.projectId, accessToken: ctx.project.user.accessToken });
  const forged = (name: string, code: KnownErrorCode, forge: (ctx: SecurityContext) => Promise<string>): Case => ({ name, creds: withToken(forge), code, userToken: true });
  return [
    forged("an access token with alg none", "UNPARSABLE_ACCESS_TOKEN", (ctx) => unsignedToken(target(ctx))),
    forged("an HS256 token keyed with the project's public key as PEM text", "UNPARSABLE_ACCESS_TOKEN", (ctx) => hs256WithPublicKey(target(ctx), "pem")),
    forged("an HS256 token keyed with the project's public key as DER bytes", "UNPARSABLE_ACCESS_TOKEN", (ctx) => hs256WithPublicKey(target(ctx), "der")),
    forged("an HS256 token keyed with the project's public key as JWK text", "UNPARSABLE_ACCESS_TOKEN", (ctx) => hs256WithPublicKey(target(ctx), "jwk")),
    forged("a token signed by another key under an unknown kid", "UNPARSABLE_ACCESS_TOKEN", (ctx) => signedWithForeignKey(target(ctx), "unknown")),
    forged("a token signed by another key under the project's kid", "UNPARSABLE_ACCESS_TOKEN", (ctx) => signedWithForeignKey(target(ctx), "real")),
    forged("a token of the project's key for another project's audience", "INVALID_PROJECT_FOR_ACCESS_TOKEN", (ctx) =>
      signedWithClaims(target(ctx), { aud: ctx.otherProject.projectId }),
    ),
    forged("a token of the project's regular key for its anonymous audience", "UNPARSABLE_ACCESS_TOKEN", (ctx) =>
      signedWithClaims(target(ctx), { aud: `${ctx.project.projectId}:anon` }),
    ),
    forged("a token of the project's key with another issuer", "UNPARSABLE_ACCESS_TOKEN", (ctx) =>
      signedWithClaims(target(ctx), { iss: `https://attacker.example/api/v1/projects/${ctx.project.projectId}` }),
    ),
    forged("an anonymous user's token without the allow-anonymous-user header", "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", async (ctx) => {
      const res = await call(ctx.t, "POST", "/auth/anonymous/sign-up", { creds: ctx.project.client });
      return res.json.access_token as string;
    }),
  ];
}

/**
 * Access tokens of a session that has ended (sign-out): refused from the next request on
 * (services/sessions/revoked-sessions.ts), as a user's token and, for admin routes, as an admin token.
 */
function signedOutSessionCases(op: ProtectedOperation): Case[] {
  const signedOutToken = async (t: TestApp, creds: Credentials, email: string, password: string) => {
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds, body: { email, password } });
    const accessToken: string = signIn.json.access_token;
    const signOut = await call(t, "DELETE", "/auth/sessions/current", { creds: { ...creds, accessToken } });
    if (signOut.status !== 200) throw new Error(`sign-out failed: ${signOut.text}`);
    return accessToken;
  };
  const cases: Case[] = [
    {
      name: "the access token of a signed-out session",
      creds: async (ctx) => {
        const { user } = ctx.project;
        const type = op.access[0]!;
        const accessToken = await signedOutToken(ctx.t, ctx.project.client, user.email, user.password);
        return { projectId: ctx.project.projectId, accessType: type, ...keysFor(ctx.project, type), accessToken };
      },
      code: "ACCESS_TOKEN_EXPIRED",
      userToken: true,
    },
  ];
  if (op.access.includes("admin")) {
    cases.push({
      name: "the admin access token of the owner's signed-out session",
      creds: async (ctx) => {
        const { owner } = ctx.project;
        const adminAccessToken = await signedOutToken(ctx.t, internalClient, owner.email, owner.password);
        return { projectId: ctx.project.projectId, accessType: "admin", adminAccessToken };
      },
      code: "ADMIN_ACCESS_TOKEN_EXPIRED",
    });
  }
  return cases;
}

function keysFor(project: ProjectFixture, type: AccessType | string): Partial<Credentials> {
  if (type === "client") return { publishableKey: project.keys.publishableKey };
  if (type === "server") return { secretKey: project.keys.secretKey };
  return { adminKey: project.keys.adminKey };
}

function resolve<T>(value: T | ((ctx: SecurityContext) => T), ctx: SecurityContext): T {
  return typeof value === "function" ? (value as (ctx: SecurityContext) => T)(ctx) : value;
}

/** Registers the security suite for one protected operation. */
export function describeSecurity(op: ProtectedOperation): void {
  const app = useSharedTestApp();
  const label = typeof op.path === "string" ? op.path : "(dynamic path)";
  describe(`security: ${op.method} ${label}`, () => {
    let ctx: SecurityContext;
    beforeAll(async () => {
      const t = app();
      ctx = { t, project: await createProjectFixture(t), otherProject: await createProjectFixture(t) };
    });

    for (const c of casesFor(op)) {
      it(`rejects ${c.name} with ${c.code}`, async () => {
        const res = await callUntyped(ctx.t, op.method, resolve(op.path, ctx), {
          creds: await c.creds(ctx),
          headers: c.headers,
          body: op.body === undefined ? undefined : resolve(op.body, ctx),
        });
        expect(res.json?.code, res.text).toBe(c.code);
        expect(res.headers.get("x-stack-known-error")).toBe(c.code);
      });
    }

    it(`is the operation ${op.operationId} of the OpenAPI document, with the same access types`, async () => {
      const declared = await documentedOperation(ctx.t, op.operationId);
      expect(declared, `${op.operationId} is not an operation of the document`).toBeDefined();
      expect(declared!.method).toBe(op.method);
      const path = resolve(op.path, ctx).split("?")[0]!;
      expect(path).toMatch(new RegExp(`^${declared!.path.replace(/\{[^}]+\}/g, "[^/]+")}$`));
      expect([...declared!.access].sort()).toEqual([...op.access].sort());
    });

    it("accepts its credentials under the x-hexclave- prefix too", async () => {
      const type = op.access[0]!;
      const creds: Credentials = {
        projectId: ctx.project.projectId,
        accessType: type,
        ...keysFor(ctx.project, type),
        accessToken: op.userRequired ? ctx.project.user.accessToken : undefined,
        prefix: "x-hexclave-",
      };
      const res = await callUntyped(ctx.t, op.method, resolve(op.path, ctx), {
        creds,
        body: op.body === undefined ? undefined : resolve(op.body, ctx),
      });
      const accessErrors = casesFor(op).map((c) => c.code);
      expect(accessErrors, res.text).not.toContain(res.json?.code);
      expect(res.status, res.text).toBeLessThan(500);
    });

    const attempts = { "another user's or team's resource": op.foreignResource, "a team member without the needed permission": op.memberWithoutPermission };
    for (const [name, makeAttempt] of Object.entries(attempts)) {
      if (!makeAttempt) continue;
      it(`refuses ${name}`, async () => {
        const attempt = await makeAttempt(ctx);
        const res = await callUntyped(ctx.t, op.method, attempt.path, { creds: attempt.creds, body: attempt.body });
        expectRefusal(res, attempt.code, attempt.details);
      });
    }
  });
}

export interface DocumentedOperation {
  method: string;
  path: string;
  /** The access types its security alternatives admit; empty for a public operation. */
  access: AccessType[];
}

/** Every operation of the document the app serves, by operationId. */
export async function documentedOperations(t: TestApp): Promise<Map<string, DocumentedOperation>> {
  const document = (await (await t.request("/api/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, string[]>> }>>;
  };
  const operations = new Map<string, DocumentedOperation>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const schemes = new Set((operation.security ?? []).flatMap((alternative) => Object.keys(alternative)));
      const access: AccessType[] = [];
      // An empty alternative: anyone may call it, and headers sent are only read (GET /api/v1).
      if ((operation.security ?? []).some((alternative) => Object.keys(alternative).length === 0)) {
        operations.set(operation.operationId, { method: method.toUpperCase(), path, access });
        continue;
      }
      // Client alternatives carry at most a publishable key and a user token (http/openapi.ts securityFor).
      const clientAlternative = (operation.security ?? []).some(
        (alternative) => "AccessType" in alternative && !("SecretServerKey" in alternative || "SuperSecretAdminKey" in alternative || "AdminAccessToken" in alternative),
      );
      if (clientAlternative) access.push("client");
      if (schemes.has("SecretServerKey")) access.push("server");
      // Every protected operation lists the admin access token (it stands for every level); the admin key marks admin access.
      if (schemes.has("SuperSecretAdminKey")) access.push("admin");
      operations.set(operation.operationId, { method: method.toUpperCase(), path, access });
    }
  }
  return operations;
}

async function documentedOperation(t: TestApp, operationId: string): Promise<DocumentedOperation | undefined> {
  return (await documentedOperations(t)).get(operationId);
}

/** The project user's own client credentials, for foreign-resource and permission attempts. */
export function asProjectUser(ctx: SecurityContext): Credentials {
  return { ...ctx.project.client, accessToken: ctx.project.user.accessToken };
}

/** A team of the project that the project user is not a member of. */
export async function foreignTeam(ctx: SecurityContext): Promise<string> {
  return (await call(ctx.t, "POST", "/teams", { creds: ctx.project.server, body: { display_name: "Foreign" } })).json.id;
}

/**
 * A team the project user belongs to with every permission grant taken away (new projects
 * give creators `team_admin` and members `team_member`), and a second member they could act on.
 */
export async function teamWithoutPermissions(ctx: SecurityContext): Promise<{ teamId: string; otherUserId: string }> {
  const { server, user } = ctx.project;
  const other = await call(ctx.t, "POST", "/users", { creds: server, body: {} });
  const teamId: string = (await call(ctx.t, "POST", "/teams", { creds: server, body: { display_name: "Bare", creator_user_id: user.userId } })).json.id;
  await call(ctx.t, "POST", `/team-memberships/${teamId}/${other.json.id}`, { creds: server, body: {} });
  const direct = await call(ctx.t, "GET", `/team-permissions?team_id=${teamId}&user_id=${user.userId}&recursive=false`, { creds: server });
  for (const { id } of direct.json.items as { id: string }[]) {
    await call(ctx.t, "DELETE", `/team-permissions/${teamId}/${user.userId}/${id}`, { creds: server });
  }
  return { teamId, otherUserId: other.json.id };
}

/** The answer a catalogue code gives: a known error with its code, or a plain one as its bare status and sentence. */
function expectRefusal(res: Awaited<ReturnType<typeof callUntyped>>, code: KnownErrorCode, details: object = {}): void {
  const spec = knownErrors[code] as { status: number; message: (d: never) => string; plain?: true };
  if (!spec.plain) {
    expect(res.json?.code, res.text).toBe(code);
    return;
  }
  expect([res.status, res.headers.get("content-type"), res.text]).toEqual([spec.status, expect.stringMatching(/^text\/plain/), spec.message(details as never)]);
  expect(res.headers.get("x-stack-known-error")).toBeNull();
}

/**
 * The SCIM endpoints (http/scim-server.ts) are no operations of the OpenAPI document and take
 * no project headers: a directory's bearer token is their whole authentication. Each protected
 * SCIM operation joins this table with one line, `describeScimSecurity({...})`, and is checked
 * against: no token, another scheme, a malformed, an unknown, a rotated-away and a revoked
 * token (each 401 in SCIM's error schema), and the token of another team's directory and of
 * another project's, which find nothing of this directory (404 for a resource, an empty list
 * for a collection, and nothing changed).
 */
export interface ScimProtectedOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Under /api/v1/scim/v2; `{user}` and `{group}` stand for a user and a group of the directory under test. */
  path: string;
  body?: unknown;
}

interface ScimDirectoryFixture {
  token: string;
  userId: string;
  groupId: string;
}

async function scimDirectoryFixture(t: TestApp, project: ProjectFixture, label: string): Promise<ScimDirectoryFixture & { id: string }> {
  const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: label } });
  const directory = await callUntyped(t, "POST", "/internal/scim-directories", { creds: project.admin, body: { team_id: team.json.id, display_name: label } });
  const scim = async (path: string, body: unknown) =>
    (await (await t.request(`/api/v1/scim/v2${path}`, { method: "POST", headers: { authorization: `Bearer ${directory.json.token}`, "content-type": "application/scim+json" }, body: JSON.stringify(body) })).json()) as { id: string };
  const user = await scim("/Users", { userName: `${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com` });
  const group = await scim("/Groups", { displayName: `${label} group`, members: [{ value: user.id }] });
  return { id: directory.json.id, token: directory.json.token, userId: user.id, groupId: group.id };
}

export function describeScimSecurity(op: ScimProtectedOperation): void {
  const app = useSharedTestApp();
  describe(`SCIM security: ${op.method} ${op.path}`, () => {
    let t: TestApp;
    let target: ScimDirectoryFixture;
    const tokens: Record<string, string> = {};
    let sameProject: string;
    let otherProject: string;
    beforeAll(async () => {
      t = app();
      const project = await createProjectFixture(t);
      const other = await createProjectFixture(t);
      const made = await scimDirectoryFixture(t, project, "Target");
      target = made;
      const rotated = await callUntyped(t, "POST", `/internal/scim-directories/${made.id}/rotate-token`, { creds: project.admin });
      tokens.rotatedAway = made.token;
      target = { ...made, token: rotated.json.token };
      const revoked = await scimDirectoryFixture(t, project, "Revoked");
      await callUntyped(t, "POST", `/internal/scim-directories/${revoked.id}/revoke-token`, { creds: project.admin });
      tokens.revoked = revoked.token;
      sameProject = (await scimDirectoryFixture(t, project, "Neighbour")).token;
      otherProject = (await scimDirectoryFixture(t, other, "Foreign")).token;
    });

    const send = async (authorization: string | undefined) => {
      const path = op.path.replace("{user}", target.userId).replace("{group}", target.groupId);
      const res = await t.request(`/api/v1/scim/v2${path}`, {
        method: op.method,
        headers: { ...(authorization === undefined ? {} : { authorization }), ...(op.body === undefined ? {} : { "content-type": "application/scim+json" }) },
        body: op.body === undefined ? undefined : JSON.stringify(op.body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null, text };
    };

    const refusals: Array<[string, () => string | undefined]> = [
      ["no token", () => undefined],
      ["another scheme", () => `Basic ${Buffer.from(`x:${target.token}`).toString("base64")}`],
      ["a malformed token", () => "Bearer scim_short"],
      ["an unknown token", () => `Bearer scim_${"A".repeat(43)}`],
      ["a token rotated away", () => `Bearer ${tokens.rotatedAway}`],
      ["a revoked directory's token", () => `Bearer ${tokens.revoked}`],
    ];
    for (const [name, authorization] of refusals) {
      it(`refuses ${name} with 401 in SCIM's error schema`, async () => {
        const res = await send(authorization());
        expect(res.status, res.text).toBe(401);
        expect(res.json).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "401" });
      });
    }

    for (const [name, token] of [["another team's directory", () => sameProject], ["another project's directory", () => otherProject]] as const) {
      it(`finds nothing of this directory with ${name}'s token`, async () => {
        const res = await send(`Bearer ${token()}`);
        if (op.path.includes("{")) expect(res.status, res.text).toBe(404);
        else if (op.method === "GET" && /^\/(Users|Groups)$/.test(op.path)) expect(res.json.Resources.map((r: { id: string }) => r.id)).not.toContain(op.path.startsWith("/Users") ? target.userId : target.groupId);
        // The directory's own user and group are as they were.
        const user = await t.request(`/api/v1/scim/v2/Users/${target.userId}`, { headers: { authorization: `Bearer ${target.token}` } });
        expect(user.status).toBe(200);
        const group = (await (await t.request(`/api/v1/scim/v2/Groups/${target.groupId}`, { headers: { authorization: `Bearer ${target.token}` } })).json()) as { members: Array<{ value: string }> };
        expect(group.members.map((m) => m.value)).toEqual([target.userId]);
      });
    }
  });
}

/**
 * The self-serve SSO set-up API (routes/sso/portal.ts) takes no project headers: a set-up
 * link's bearer token is its whole authentication, and it opens one team. Each of its
 * operations joins this table with one line, `describeSsoPortalSecurity({ operationId, ... })`,
 * and is checked against: no token, another scheme, a malformed, an unknown, a revoked and an
 * expired link's token (each SSO_PORTAL_TOKEN_INVALID, 401); and, with the link of another team
 * of the same project and with a link of another project, the resources of the team under
 * test (its connection, domain, SCIM directory and test sign-in) are not found and stay as they
 * were, and its lists show none of them.
 */
export interface SsoPortalOperation {
  /** The document's operationId; keep it the first property (security-coverage.test.ts reads it from the source). */
  operationId: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Under /api/v1; `{connection}`, `{domain}`, `{directory}` and `{test}` stand for the target team's. */
  path: string;
  body?: unknown;
}

interface PortalTarget {
  project: ProjectFixture;
  teamId: string;
  token: string;
  connection: string;
  domain: string;
  directory: string;
  test: string;
}

async function portalLink(t: TestApp, project: ProjectFixture, teamId: string): Promise<{ id: string; token: string }> {
  const link = await callUntyped(t, "POST", `/teams/${teamId}/sso-portal-links`, { creds: project.server, body: {} });
  if (link.status !== 201) throw new Error(`portal link: ${link.status} ${link.text}`);
  return { id: link.json.id, token: link.json.token };
}

async function portalTarget(t: TestApp, project: ProjectFixture, label: string, samlMetadataXml: string): Promise<PortalTarget> {
  const team = await call(t, "POST", "/teams", { creds: project.server, body: { display_name: label } });
  const teamId: string = team.json.id;
  const { token } = await portalLink(t, project, teamId);
  const bearer = { authorization: `Bearer ${token}` };
  const connection = await callUntyped(t, "POST", "/sso-portal/connections", {
    headers: bearer,
    body: { protocol: "saml", display_name: `${label} IdP`, saml: { metadata_xml: samlMetadataXml } },
  });
  const domain = await callUntyped(t, "POST", "/sso-portal/domains", { headers: bearer, body: { domain: `${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}.test` } });
  const directory = await callUntyped(t, "POST", "/sso-portal/scim-directories", { headers: bearer, body: { display_name: `${label} directory` } });
  const test = await callUntyped(t, "POST", `/sso-portal/connections/${connection.json.id}/test-sign-in`, { headers: bearer, body: {} });
  for (const res of [connection, domain, directory, test]) if (res.status !== 201) throw new Error(`portal fixture: ${res.status} ${res.text}`);
  return { project, teamId, token, connection: connection.json.id, domain: domain.json.id, directory: directory.json.id, test: test.json.test_id };
}

/** What the target team holds, as the project's server and admin see it. */
async function portalState(t: TestApp, target: PortalTarget): Promise<unknown> {
  const connections = await callUntyped(t, "GET", `/teams/${target.teamId}/sso-connections`, { creds: target.project.server });
  const domains = await callUntyped(t, "GET", `/teams/${target.teamId}/sso-domains`, { creds: target.project.server });
  const directories = await callUntyped(t, "GET", `/internal/scim-directories?team_id=${target.teamId}`, { creds: target.project.admin });
  return {
    connections: connections.json.items.map((c: { id: string; display_name: string; enabled: boolean; updated_at_millis: number }) => [c.id, c.display_name, c.enabled, c.updated_at_millis]),
    domains: domains.json.items.map((d: { id: string; verified: boolean; auto_join: boolean }) => [d.id, d.verified, d.auto_join]),
    directories: directories.json.items.map((d: { id: string; has_token: boolean; token_hint: string | null }) => [d.id, d.has_token, d.token_hint]),
  };
}

export function describeSsoPortalSecurity(op: SsoPortalOperation): void {
  const app = useSharedTestApp();
  describe(`SSO set-up link security: ${op.method} ${op.path}`, () => {
    let t: TestApp;
    let target: PortalTarget;
    const tokens: Record<string, string> = {};
    beforeAll(async () => {
      t = app();
      const metadata = (await createSamlIdp()).metadataXml;
      const project = await createProjectFixture(t);
      const other = await createProjectFixture(t);
      target = await portalTarget(t, project, "Target", metadata);
      tokens.neighbour = (await portalTarget(t, project, "Neighbour", metadata)).token;
      tokens.foreign = (await portalTarget(t, other, "Foreign", metadata)).token;
      const revoked = await portalLink(t, project, target.teamId);
      await callUntyped(t, "DELETE", `/teams/${target.teamId}/sso-portal-links/${revoked.id}`, { creds: project.server });
      tokens.revoked = revoked.token;
      const expired = await portalLink(t, project, target.teamId);
      await t.db.query("UPDATE sso_portal_links SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
      tokens.expired = expired.token;
    });

    const path = () =>
      op.path.replace("{connection}", target.connection).replace("{domain}", target.domain).replace("{directory}", target.directory).replace("{test}", target.test);
    const send = (authorization: string | undefined) =>
      callUntyped(t, op.method, path(), { headers: authorization === undefined ? {} : { authorization }, body: op.body });

    it(`is the operation ${op.operationId} of the OpenAPI document, taking no project authentication`, async () => {
      const declared = (await documentedOperations(t)).get(op.operationId);
      expect(declared, `${op.operationId} is not an operation of the document`).toBeDefined();
      expect(declared!.method).toBe(op.method);
      expect(op.path).toMatch(new RegExp(`^${declared!.path.replace(/\{[^}]+\}/g, "\\{?[^/]+")}$`));
      expect(declared!.access).toEqual([]);
    });

    const refusals: Array<[string, () => string | undefined]> = [
      ["no token", () => undefined],
      ["another scheme", () => `Basic ${Buffer.from(`x:${target.token}`).toString("base64")}`],
      ["a malformed token", () => "Bearer ssop_short"],
      ["an unknown token", () => `Bearer ssop_${"A".repeat(43)}`],
      ["a revoked link's token", () => `Bearer ${tokens.revoked}`],
      ["an expired link's token", () => `Bearer ${tokens.expired}`],
      ["project keys instead of a token", () => `Bearer ${target.project.keys.secretKey}`],
    ];
    for (const [name, authorization] of refusals) {
      it(`refuses ${name} with SSO_PORTAL_TOKEN_INVALID`, async () => {
        const before = await portalState(t, target);
        const res = await send(authorization());
        expect(res.status, res.text).toBe(401);
        expect(res.json?.code).toBe("SSO_PORTAL_TOKEN_INVALID");
        expect(await portalState(t, target)).toEqual(before);
      });
    }

    for (const [name, key] of [["another team's link", "neighbour"], ["another project's link", "foreign"]] as const) {
      it(`reaches nothing of the team with ${name}`, async () => {
        const before = await portalState(t, target);
        const res = await send(`Bearer ${tokens[key]}`);
        if (op.path.includes("{")) {
          expect(res.status, res.text).toBe(404);
          expect(res.json?.code).toMatch(/^(SSO_CONNECTION|SSO_DOMAIN|SCIM_DIRECTORY|SSO_TEST_SIGN_IN)_NOT_FOUND$/);
        } else if (op.method === "GET") {
          expect(res.status, res.text).toBe(200);
          const text = JSON.stringify(res.json);
          for (const id of [target.teamId, target.connection, target.domain, target.directory]) expect(text).not.toContain(id);
        }
        expect(await portalState(t, target)).toEqual(before);
      });
    }
  });
}
