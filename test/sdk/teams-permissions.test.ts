/**
 * Teams and permissions through the published SDKs (2.8.108 and 2.8.102): a client creates
 * and lists teams and, holding the starter `admin` permission, updates its own; a member holds
 * `member` only, sees a permission granted by the server through containment, and loses it
 * when revoked; the server adds a member and the team lists its users; project permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, startServer, uniqueEmail, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

const PASSWORD = "correct horse battery";
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version teams and permissions", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server, { config: { client_team_creation_enabled: true } });
    const define = (scope: "team" | "project", id: string, contained: string[]) =>
      call(server, "POST", `/${scope}-permission-definitions`, {
        creds: project.admin,
        body: { id, description: id, contained_permission_ids: contained },
      });
    expect((await define("team", "editor", ["$update_team", "$read_members"])).status).toBe(201);
    expect((await define("team", "owner", ["editor", "$delete_team"])).status).toBe(201);
    expect((await define("project", "billing", [])).status).toBe(201);
  });

  async function signedIn() {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email: uniqueEmail("sdk-team"), password: PASSWORD, noVerificationCallback: true });
    return { app, user: await app.getUser({ or: "throw" }) };
  }

  it("creates a team whose creator may manage it through the starter admin permission", async () => {
    const { user } = await signedIn();
    const team = await user.createTeam({ displayName: "Rockets" });
    expect(team.displayName).toBe("Rockets");
    expect((await user.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect(await user.hasPermission(team, "team_admin")).toBe(true);
    expect(await user.hasPermission(team, "$update_team")).toBe(true);
    await team.update({ displayName: "Renamed" });
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    expect((await serverApp.getTeam(team.id))?.displayName).toBe("Renamed");
  });

  it("lets a member update the team only while granted a permission that contains $update_team", async () => {
    const { user: creator } = await signedIn();
    const { user } = await signedIn();
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const serverTeam = await serverApp.createTeam({ displayName: "Crew", creatorUserId: creator.id });
    await serverTeam.addUser(user.id);
    const asServer = (await serverApp.getUser(user.id))!;

    const joined = await signedInAgain(user.id);
    const team = (await joined.listTeams()).find((t) => t.id === serverTeam.id)!;
    expect(await joined.hasPermission(team, "team_member")).toBe(true);
    expect(await joined.hasPermission(team, "$read_members")).toBe(true);
    expect(await joined.hasPermission(team, "$update_team")).toBe(false);
    await expect(team.update({ displayName: "Renamed" })).rejects.toThrow();

    await asServer.grantPermission(serverTeam, "owner");
    const fresh = await signedInAgain(user.id);
    const seen = (await fresh.listTeams()).find((t) => t.id === serverTeam.id)!;
    expect(await fresh.hasPermission(seen, "owner")).toBe(true);
    expect(await fresh.hasPermission(seen, "$update_team")).toBe(true);
    await seen.update({ displayName: "Renamed" });
    expect((await serverApp.getTeam(serverTeam.id))?.displayName).toBe("Renamed");

    await asServer.revokePermission(serverTeam, "owner");
    const after = await signedInAgain(user.id);
    const team2 = (await after.listTeams()).find((t) => t.id === serverTeam.id)!;
    expect(await after.hasPermission(team2, "$update_team")).toBe(false);
  });

  it("adds a member on the server and lists the team's users", async () => {
    const { user } = await signedIn();
    const { user: other } = await signedIn();
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const team = await serverApp.createTeam({ displayName: "Crew", creatorUserId: user.id });
    await team.addUser(other.id);
    const members = await team.listUsers();
    expect(members.map((m) => m.id).sort()).toEqual([user.id, other.id].sort());
  });

  it("grants and revokes project permissions", async () => {
    const { user } = await signedIn();
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const asServer = (await serverApp.getUser(user.id))!;
    await asServer.grantPermission("billing");
    expect(await asServer.hasPermission("billing")).toBe(true);
    await asServer.revokePermission("billing");
    expect(await asServer.hasPermission("billing")).toBe(false);
  });

  /** A new client app for an existing user, so no SDK cache hides a server-side change. */
  async function signedInAgain(userId: string) {
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    const session = await (await serverApp.getUser(userId))!.createSession({ expiresInMillis: 60_000 });
    const tokens = await session.getTokens();
    const app = new sdk.StackClientApp({ ...sdkAppOptions(server, project), tokenStore: { accessToken: tokens.accessToken!, refreshToken: tokens.refreshToken! } });
    return app.getUser({ or: "throw" });
  }
});
