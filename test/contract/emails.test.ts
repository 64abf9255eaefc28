import { beforeAll, describe, expect, it } from "vitest";
import { expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("emails");

/** The built-in sign-in invitation to the project bootstrapProject makes. */
const INVITATION_SUBJECT = "You are invited to Contract project";

describe("emails: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("lists the outbox, empty at first and then with what was sent, in Stack Auth's short form and the dashboard's log", async () => {
    const empty = await env.api.call("GET", "/internal/emails", { creds: project.admin });
    expectValidThroughProxy(empty, 200);
    expect(empty.json).toEqual({ items: [], is_paginated: false });
    const emptyLog = await env.api.call("GET", "/emails/log", { creds: project.admin });
    expectValidThroughProxy(emptyLog, 200);
    expect(emptyLog.json).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });

    // The project has no SMTP server of its own and the test server no shared one: the message is kept in the outbox, not sent.
    const invited = await env.api.call("POST", "/internal/send-sign-in-invitation", {
      creds: project.server,
      body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/sign-in" },
    });
    expectValidThroughProxy(invited, 200);
    const listed = await env.api.call("GET", "/internal/emails", { creds: project.admin });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items).toEqual([{ id: expect.any(String), to: ["ada@example.com"], subject: INVITATION_SUBJECT, error: null, sent_at_millis: expect.any(Number) }]);
    const log = await env.api.call("GET", "/emails/log", { creds: project.admin });
    expectValidThroughProxy(log, 200);
    expect(log.json.items).toEqual([expect.objectContaining({ to: ["ada@example.com"], subject: INVITATION_SUBJECT, status: "not_sent", sent_at_millis: null })]);
  });

  it("answers a bare 404 for an e-mail theme the project does not have, as documented", async () => {
    const missing = await env.api.call("GET", "/internal/email-themes/00000000-0000-4000-8000-00000000dead", { creds: project.admin });
    expectValidThroughProxy(missing, 404);
    expect(missing.text).toMatch(/no e-mail theme/i);
  });
});
