/**
 * Contact channels through the published SDKs (2.8.108 and 2.8.102): list, add, verify
 * through the code mailed to a real in-process SMTP server, update and delete; and the
 * server app seeing the user's primary e-mail follow the primary channel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";
import {
  createProjectFixture,
  startMailCatcher,
  startServer,
  uniqueEmail,
  type MailCatcher,
  type ProjectFixture,
  type TestServer,
} from "../harness";


let mail: MailCatcher;
let server: TestServer;
let project: ProjectFixture;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: mail.env });
  project = await createProjectFixture(server);
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

const codeIn = (text: string) => /[?&]code=([A-Z0-9]+)/.exec(text)?.[1];

describe.each(STACK_SDKS)("@stackframe/js $version contact channels", ({ sdk }) => {
  const options = () => sdkAppOptions(server, project);

  it("adds, verifies through the mailed code, promotes and deletes a channel", async () => {
    const app = new sdk.StackClientApp(options());
    const email = uniqueEmail("sdk-cc");
    await app.signUpWithCredential({ email, password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });

    const initial = await user.listContactChannels();
    expect(initial.map((c) => [c.value, c.isPrimary, c.isVerified])).toEqual([[email, true, false]]);

    const second = uniqueEmail("sdk-cc-second");
    const added = await user.createContactChannel({ type: "email", value: second, usedForAuth: false });
    expect(added).toMatchObject({ value: second, isPrimary: false, isVerified: false, usedForAuth: false });

    await added.sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" });
    const message = await mail.waitFor(second);
    const code = codeIn(message.text);
    expect(code).toBeDefined();
    const verified = await app.verifyEmail(code!);
    expect(verified.status).toBe("ok");
    const afterVerify = (await user.listContactChannels()).find((c) => c.value === second)!;
    expect(afterVerify.isVerified).toBe(true);

    await afterVerify.update({ isPrimary: true, usedForAuth: true });
    const refreshed = await app.getUser({ or: "throw" });
    expect(refreshed.primaryEmail).toBe(second);
    expect(refreshed.primaryEmailVerified).toBe(true);

    const serverApp = new sdk.StackServerApp({ ...options(), secretServerKey: project.keys.secretKey });
    const seenByServer = await serverApp.getUser(user.id);
    expect(seenByServer?.primaryEmail).toBe(second);

    const old = (await refreshed.listContactChannels()).find((c) => c.value === email)!;
    await old.delete();
    expect((await refreshed.listContactChannels()).map((c) => c.value)).toEqual([second]);
  });

  it("reports a used code as an error result", async () => {
    const app = new sdk.StackClientApp(options());
    const email = uniqueEmail("sdk-cc-reuse");
    await app.signUpWithCredential({ email, password: "correct horse battery", noVerificationCallback: true });
    const user = await app.getUser({ or: "throw" });
    const [primary] = await user.listContactChannels();
    await primary!.sendVerificationEmail({ callbackUrl: "http://localhost:3000/handler/email-verification" });
    const code = codeIn((await mail.waitFor(email)).text)!;
    expect((await app.verifyEmail(code)).status).toBe("ok");
    const again = await app.verifyEmail(code);
    expect(again.status).toBe("error");
  });
});
