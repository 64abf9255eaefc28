/**
 * Team invitations through the published SDKs (2.8.108 and 2.8.102), with a real SMTP
 * catcher: a team creator invites by e-mail, the recipient checks, reads and accepts the
 * mailed code; a user with a verified address sees the invitation in their own list and
 * accepts it there; the team's list of open invitations follows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProjectFixture,
  startMailCatcher,
  startServer,
  uniqueEmail,
  type MailCatcher,
  type ProjectFixture,
  type TestServer,
} from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

const PASSWORD = "correct horse battery";
const CALLBACK = "http://localhost:3000/handler/team-invitation";
let server: TestServer;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: mail.env });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const codeIn = (text: string) => /[?&]code=([A-Z0-9]+)/.exec(text)![1]!;

describe.each(STACK_SDKS)("@stackframe/js $version team invitations", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    project = await createProjectFixture(server, {
      config: {
        allow_localhost: true,
        client_team_creation_enabled: true,
        team_creator_default_permissions: [{ id: "$invite_members" }, { id: "$read_members" }],
      },
    });
  });

  async function signedIn(email = uniqueEmail("sdk-invite")) {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    await app.signUpWithCredential({ email, password: PASSWORD, noVerificationCallback: true });
    return { app, user: await app.getUser({ or: "throw" }) };
  }

  it("invites by e-mail; the recipient checks, reads and accepts the mailed code and joins", async () => {
    const { user: owner } = await signedIn();
    const team = await owner.createTeam({ displayName: "Voyagers" });
    const email = uniqueEmail("sdk-invitee");
    await team.inviteUser({ email, callbackUrl: CALLBACK });

    const invitations = await team.listInvitations();
    expect(invitations.map((i) => i.recipientEmail)).toEqual([email]);
    const message = await mail.waitFor(email);
    expect(message.text).toContain(`${CALLBACK}?code=`);
    const code = codeIn(message.text);

    const { app, user: invitee } = await signedIn(email);
    expect((await app.verifyTeamInvitationCode(code)).status).toBe("ok");
    const details = await app.getTeamInvitationDetails(code);
    expect(details).toEqual({ status: "ok", data: { teamDisplayName: "Voyagers" } });
    expect((await app.acceptTeamInvitation(code)).status).toBe("ok");
    expect((await invitee.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect(await team.listInvitations()).toEqual([]);

    const again = await app.acceptTeamInvitation(code);
    expect(again.status).toBe("error");
    expect(again.status === "error" && again.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");
    const members = await team.listUsers();
    expect(members.map((m) => m.id).sort()).toEqual([owner.id, invitee.id].sort());
  });

  it("a user with the verified address sees the invitation in their own list and accepts it there", async () => {
    const { user: owner } = await signedIn();
    const team = await owner.createTeam({ displayName: "Navigators" });
    const email = uniqueEmail("sdk-listed");
    const { user: recipient } = await signedIn(email);
    await team.inviteUser({ email, callbackUrl: CALLBACK });
    expect(await recipient.listTeamInvitations()).toEqual([]);

    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    await (await serverApp.getUser(recipient.id))!.update({ primaryEmailVerified: true });
    const { app } = await signInAgain(email);
    const fresh = await app.getUser({ or: "throw" });
    const received = await fresh.listTeamInvitations();
    expect(received.map((i) => [i.teamId, i.teamDisplayName, i.recipientEmail])).toEqual([[team.id, "Navigators", email]]);
    await received[0]!.accept();
    expect((await fresh.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect(await fresh.listTeamInvitations()).toEqual([]);
  });

  async function signInAgain(email: string) {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    const result = await app.signInWithCredential({ email, password: PASSWORD, noRedirect: true });
    expect(result.status).toBe("ok");
    return { app };
  }
});
