import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, internalClient, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { lastUserText, startAiStandIn, STAND_IN_MODEL, type AiStandIn } from "../../testing/ai-stand-in";
import { describeSecurity } from "../../testing/security-table";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { MAX_IMAGE_BYTES } from "../../services/ai/messages";
import { systemPrompt } from "../../services/ai/prompts";

let standIn: AiStandIn;
let t: TestApp;
let project: ProjectFixture;

const TIMEOUT_MS = 1_500;

beforeAll(async () => {
  standIn = await startAiStandIn();
  t = await createTestApp({ env: { ...standIn.env, AI_TIMEOUT_MS: String(TIMEOUT_MS), AI_MAX_CONCURRENT_REQUESTS: "2", AI_MAX_OUTPUT_TOKENS: "777" } });
  project = await createProjectFixture(t);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.reply = (request) => ({ text: `You said: ${lastUserText(request)}` });
});

const body = (overrides: Record<string, unknown> = {}) => ({
  quality: "smart",
  speed: "fast",
  tools: [],
  systemPrompt: "command-center-ask-ai",
  messages: [{ role: "user", content: "hello" }],
  ...overrides,
});
const ask = (creds: Credentials, json: unknown = body(), mode = "generate", app: TestApp = t) =>
  callUntyped(app, "POST", `/ai/query/${mode}`, { creds, body: json });
const asInternalUser = (accessToken: string): Credentials => ({ ...internalClient, accessToken });

describe("POST /ai/query/generate against the stand-in model service", () => {
  it("answers the model's reply as content blocks, having sent the chosen system prompt, the model, the key and the output bound", async () => {
    const before = standIn.requests.length;
    const res = await ask(project.admin, body({ systemPrompt: "wysiwyg-edit", messages: [{ role: "user", content: "change Hi to Hello" }] }));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ content: [{ type: "text", text: "You said: change Hi to Hello" }], finalText: "You said: change Hi to Hello", conversationId: null });
    expect(standIn.requests).toHaveLength(before + 1);
    const sent = standIn.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
    expect(sent.body.model).toBe(STAND_IN_MODEL);
    expect(sent.body.max_tokens).toBe(777);
    expect(sent.body.messages[0]).toEqual({ role: "system", content: systemPrompt("wysiwyg-edit") });
    expect(sent.body.messages.slice(1)).toEqual([{ role: "user", content: "change Hi to Hello" }]);
    expect(sent.body.tools).toBeUndefined();
  });

  it("offers the dashboard's tools under their function names and answers the model's call as a tool-call block; docs and sql-query are left out", async () => {
    standIn.reply = () => ({ toolCall: { name: "createEmailTheme", arguments: { content: "export function EmailTheme() {}" } } });
    const res = await ask(project.admin, body({ tools: ["create-email-theme", "docs", "sql-query"], systemPrompt: "email-assistant-theme" }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.content).toEqual([
      {
        type: "tool-call",
        toolName: "createEmailTheme",
        toolCallId: expect.any(String),
        args: { content: "export function EmailTheme() {}" },
        argsText: JSON.stringify({ content: "export function EmailTheme() {}" }),
        result: null,
      },
    ]);
    const tools = standIn.requests.at(-1)!.body.tools!;
    expect(tools.map((tool) => tool.function.name)).toEqual(["createEmailTheme"]);
    expect(tools[0]!.function.parameters).toMatchObject({ type: "object", properties: { content: { type: "string" } }, required: ["content"] });
  });

  it("passes multi-turn conversations and inline images on, and echoes an MCP conversation id", async () => {
    const image = `data:image/png;base64,${Buffer.from("not really a png").toString("base64")}`;
    const res = await ask(
      project.admin,
      body({
        messages: [
          { role: "user", content: "What is this?" },
          { role: "assistant", content: "Tell me more." },
          { role: "user", content: [{ type: "text", text: "This picture" }, { type: "image", image }] },
        ],
        mcpCallMetadata: { toolName: "ask", reason: "test", userPrompt: "q", conversationId: "conv-1" },
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ finalText: "You said: This picture", conversationId: "conv-1" });
    const sent = standIn.requests.at(-1)!.body.messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(sent[3]!.content)).toContain("image_url");
  });
});

describe("POST /ai/query/stream", () => {
  it("streams the reply as the AI SDK's UI message stream", async () => {
    standIn.reply = () => ({ text: "A reply long enough to come in several pieces." });
    const res = await t.request("/api/v1/ai/query/stream", {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": project.keys.adminKey },
      body: JSON.stringify(body()),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const events = (await res.text())
      .split("\n\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => line.slice(6));
    expect(events.at(-1)).toBe("[DONE]");
    const parsed = events.slice(0, -1).map((event) => JSON.parse(event) as { type: string; delta?: string });
    expect(parsed.map((e) => e.type)).toEqual(expect.arrayContaining(["start", "text-start", "text-delta", "text-end", "finish"]));
    expect(parsed.filter((e) => e.type === "text-delta").length).toBeGreaterThan(1);
    expect(parsed.map((e) => e.delta ?? "").join("")).toBe("A reply long enough to come in several pieces.");
    expect(standIn.requests.at(-1)!.body.stream).toBe(true);
  });

  it("gives the slot back when a streamed answer fails", async () => {
    standIn.reply = () => ({ status: 500, message: "boom" });
    for (let i = 0; i < 3; i++) {
      const res = await ask(project.admin, body(), "stream");
      expect(res.status).toBe(200);
      // The SDK retries a 500 once after a pause; the timeout may end the answer first (an abort event).
      expect(res.text).toMatch(/"type":"(error|abort)"/);
      expect(res.text).not.toContain("boom");
    }
    standIn.reply = () => ({ text: "fine again" });
    expect((await ask(project.admin)).json.finalText).toBe("fine again");
  });
});

describe("who may ask", () => {
  it("admits a project's admin key and admin access token, and a signed-in user of the internal project", async () => {
    expect((await ask(project.admin)).status).toBe(200);
    expect((await ask({ projectId: project.projectId, accessType: "admin", adminAccessToken: project.owner.accessToken })).status).toBe(200);
    expect((await ask(asInternalUser(project.owner.accessToken))).status).toBe(200);
  });

  it("refuses a project's client and server access, and the internal project without a user", async () => {
    for (const creds of [project.server, { ...project.client, accessToken: project.user.accessToken }]) {
      const res = await ask(creds);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "INSUFFICIENT_ACCESS_TYPE", details: { allowed_access_types: ["admin"] } });
    }
    expect((await ask(internalClient)).json.code).toBe("USER_AUTHENTICATION_REQUIRED");
  });

  it("lets only an owner name a project: from the internal project, for a project their team owns (a plain 403 otherwise, as in Stack Auth)", async () => {
    const before = standIn.requests.length;
    const refused = (res: Awaited<ReturnType<typeof ask>>) => {
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toContain("text/plain");
      expect(res.headers.get("x-stack-known-error")).toBeNull();
      expect(res.text).toContain("You do not have access to this project");
    };
    // An admin of the project itself may not name it (as in Stack Auth): naming is the dashboard's.
    refused(await ask(project.admin, body({ projectId: project.projectId })));
    const other = await createProjectFixture(t);
    refused(await ask(asInternalUser(project.owner.accessToken), body({ projectId: other.projectId })));
    refused(await ask(asInternalUser(project.owner.accessToken), body({ projectId: "not-a-project" })));
    expect(standIn.requests).toHaveLength(before);
    expect((await ask(asInternalUser(project.owner.accessToken), body({ projectId: project.projectId }))).status).toBe(200);
  });
});

describe("what is refused before the model is asked", () => {
  const tooBig = `data:image/png;base64,${"A".repeat(Math.ceil(((MAX_IMAGE_BYTES + 1) * 4) / 3))}`;
  const cases: Array<[string, string, unknown, string]> = [
    ["an unknown mode", "invalid-mode", body(), "param.mode"],
    ["no quality", "generate", { ...body(), quality: undefined }, "body.quality"],
    ["an unknown speed", "generate", body({ speed: "warp" }), "body.speed"],
    ["no tools", "generate", { ...body(), tools: undefined }, "body.tools"],
    ["an unknown system prompt", "generate", body({ systemPrompt: "invalid-prompt" }), "body.systemPrompt"],
    ["no messages", "generate", body({ messages: [] }), "body.messages"],
    ["a system message", "generate", body({ messages: [{ role: "system", content: "You are a bot" }] }), "body.messages.0.role"],
    ["a message without content", "generate", body({ messages: [{ role: "user" }] }), "body.messages.0.content"],
    ["a part the AI SDK does not know", "generate", body({ messages: [{ role: "user", content: [{ type: "video", url: "x" }] }] }), "body.messages"],
    [
      "five images in one request",
      "generate",
      body({ messages: [1, 2, 3, 4, 5].map(() => ({ role: "user", content: [{ type: "image", image: "data:image/png;base64,AA==" }] })) }),
      "at most 4 images in one request",
    ],
    ["an image by URL", "generate", body({ messages: [{ role: "user", content: [{ type: "image", image: "https://example.com/cat.png" }] }] }), "must be inline"],
    ["a file that is not an image", "generate", body({ messages: [{ role: "user", content: [{ type: "file", data: "aGVsbG8=", mediaType: "application/zip" }] }] }), "only image files"],
    ["a file by URL", "generate", body({ messages: [{ role: "user", content: [{ type: "file", data: "http://169.254.169.254/", mediaType: "text/plain" }] }] }), "must be inline"],
    ["too much text", "generate", body({ messages: [{ role: "user", content: "x".repeat(200_001) }] }), "characters of text"],
    ["an unknown key", "generate", body({ temperature: 2 }), "body"],
  ];
  const plainCases: Array<[string, unknown, string]> = [
    ["unknown tool names", body({ tools: ["invalid-tool", "create-email-theme", "another-invalid-tool"] }), "invalid-tool, another-invalid-tool"],
    ["four images in one message", body({ messages: [{ role: "user", content: Array(4).fill({ type: "image", image: "data:image/png;base64,AA==" }) }] }), "at most 3 images"],
    ["an image over 3 MiB", body({ messages: [{ role: "user", content: [{ type: "image", image: tooBig }] }] }), "larger than 3 MiB"],
  ];
  it.each(plainCases)("%s: a plain 400 sentence (as Stack Auth answers), and the model is never asked", async (_name, json, mentions) => {
    const before = standIn.requests.length;
    const res = await ask(project.admin, json);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("x-stack-known-error")).toBeNull();
    expect(res.text).toContain(mentions);
    expect(standIn.requests).toHaveLength(before);
  });

  it.each(cases)("%s: SCHEMA_ERROR naming it, and the model is never asked", async (_name, mode, json, mentions) => {
    const before = standIn.requests.length;
    const res = await ask(project.admin, json, mode);
    expect(res.status, res.text).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
    expect(res.json.error).toContain(mentions);
    expect(standIn.requests).toHaveLength(before);
  });
});

describe("limits and failures of the model service", () => {
  it("answers AI_PROVIDER_UNAVAILABLE when the service fails, and when it does not answer in time", async () => {
    standIn.reply = () => ({ status: 500, message: "the model crashed" });
    const failed = await ask(project.admin);
    expect([failed.status, failed.json.code]).toEqual([503, "AI_PROVIDER_UNAVAILABLE"]);
    expect(failed.json.error).not.toContain("crashed");

    standIn.reply = () => "hang";
    const started = Date.now();
    const slow = await ask(project.admin);
    expect([slow.status, slow.json.code]).toEqual([503, "AI_PROVIDER_UNAVAILABLE"]);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    standIn.release();
  });

  it("asks the service at most AI_MAX_CONCURRENT_REQUESTS at once per process; past that 429 with Retry-After, until a slot is free", async () => {
    standIn.reply = () => "hang";
    const waiting = [ask(project.admin), ask(project.admin)];
    await expect.poll(() => standIn.inFlight()).toBe(2);
    const refused = await ask(project.admin);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(standIn.inFlight()).toBe(2);
    standIn.release();
    expect((await Promise.all(waiting)).map((res) => res.json.code)).toEqual(["AI_PROVIDER_UNAVAILABLE", "AI_PROVIDER_UNAVAILABLE"]);
    standIn.reply = () => ({ text: "free again" });
    expect((await ask(project.admin)).json.finalText).toBe("free again");
  });

  it("limits each caller (ai_requests_per_caller), counting admins of a project together and each dashboard user alone", async () => {
    const limited = await createProjectFixture(t, { config: { rate_limits: { ai_requests_per_caller: { max: 2 } } } });
    expect((await ask(limited.admin)).status).toBe(200);
    expect((await ask({ projectId: limited.projectId, accessType: "admin", adminAccessToken: limited.owner.accessToken })).status).toBe(200);
    const refused = await ask(limited.admin);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await ask(project.admin)).status).toBe(200);
  });
});

describe("without a configured model", () => {
  let bare: TestApp;
  let bareProject: ProjectFixture;
  beforeAll(async () => {
    bare = await createTestApp();
    bareProject = await createProjectFixture(bare);
  });
  afterAll(() => bare.close());

  it("answers AI_NOT_CONFIGURED (400) for a valid request, after checking who asks and what", async () => {
    for (const mode of ["generate", "stream"]) {
      const res = await ask(bareProject.admin, body(), mode, bare);
      expect([res.status, res.json.code]).toEqual([400, "AI_NOT_CONFIGURED"]);
      expect(res.headers.get("x-stack-known-error")).toBe("AI_NOT_CONFIGURED");
    }
    expect((await ask(bareProject.admin, body({ messages: [] }), "generate", bare)).json.code).toBe("SCHEMA_ERROR");
    expect((await ask(bareProject.server, body(), "generate", bare)).json.code).toBe("INSUFFICIENT_ACCESS_TYPE");
  });
});

describe("through /api/latest, as Stack's helpers call it", () => {
  it("serves the same route", async () => {
    const res = await t.request("/api/latest/ai/query/generate", {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": project.keys.adminKey },
      body: JSON.stringify(body({ messages: [{ role: "user", content: "latest" }] })),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { finalText: string }).finalText).toBe("You said: latest");
  });
});

describeSecurity({
  operationId: "queryAi",
  method: "POST",
  path: "/ai/query/generate",
  access: ["client", "server", "admin"],
  body: body(),
});
