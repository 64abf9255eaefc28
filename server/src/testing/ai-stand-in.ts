/**
 * A local stand-in for an OpenAI-compatible model service, on a loopback port: the server's
 * real client (the AI SDK's openai-compatible provider) talks to it over HTTP (AI_BASE_URL),
 * so tests run its request building, streaming and response parsing. It speaks
 * `POST /v1/chat/completions` in the chat-completions wire format, as JSON or, with
 * `stream: true`, as server-sent events of `chat.completion.chunk` objects ending in
 * `data: [DONE]`. Tests read `requests` to see what the server sent, and set `reply` to play
 * an answer (text, a tool call, a failure, or a model that never answers).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";

export interface ChatCompletionRequest {
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    messages: Array<{ role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }>;
    tools?: Array<{ type: "function"; function: { name: string; description?: string; parameters: unknown } }>;
    stream?: boolean;
    max_tokens?: number;
    [key: string]: unknown;
  };
}

/** What the stand-in answers one request with. */
export type StandInReply =
  | { text: string }
  | { toolCall: { name: string; arguments: Record<string, unknown> }; text?: string }
  /** An error answer of the service (its status and OpenAI-style error body). */
  | { status: number; message: string }
  /** Never answers (the connection stays open until the client gives up). */
  | "hang";

export interface AiStandIn {
  url: string;
  /** Env for the test server: base URL, key and model pointing here. */
  env: Record<string, string>;
  apiKey: string;
  requests: ChatCompletionRequest[];
  /** Decides each answer; by default it says what the last user message said. */
  reply: (request: ChatCompletionRequest) => StandInReply;
  /** Requests being answered right now (for concurrency bounds). */
  inFlight(): number;
  /** Lets every hanging request go (answers it with an error) so nothing waits past a test. */
  release(): void;
  close(): Promise<void>;
}

export const STAND_IN_MODEL = "stand-in-model";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The text of the last user message, whether its content is a string or a list of parts. */
export function lastUserText(request: ChatCompletionRequest): string {
  const last = [...request.body.messages].reverse().find((m) => m.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  if (Array.isArray(last.content)) {
    return last.content
      .filter((part): part is { type: "text"; text: string } => (part as { type?: string }).type === "text")
      .map((part) => part.text)
      .join("");
  }
  return "";
}

export async function startAiStandIn(): Promise<AiStandIn> {
  const apiKey = `sk-stand-in-${randomBytes(8).toString("hex")}`;
  const requests: ChatCompletionRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let active = 0;

  const standIn: AiStandIn = {
    url: "",
    env: {},
    apiKey,
    requests,
    reply: (request) => ({ text: `You said: ${lastUserText(request)}` }),
    inFlight: () => active,
    release() {
      for (const res of hanging) fail(res, 503, "released");
      hanging.clear();
    },
    close: async () => {
      standIn.release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function fail(res: ServerResponse, status: number, message: string) {
    if (res.writableEnded) return;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message, type: "stand_in_error", code: null } }));
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") return fail(res, 404, `no such route: ${req.method} ${req.url}`);
      if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(res, 401, "wrong API key");
      const request: ChatCompletionRequest = { headers: req.headers, body: JSON.parse(await readBody(req)) };
      requests.push(request);
      const reply = standIn.reply(request);
      if (reply === "hang") {
        active += 1;
        hanging.add(res);
        res.on("close", () => {
          hanging.delete(res);
          active -= 1;
        });
        return;
      }
      if ("status" in reply) return fail(res, reply.status, reply.message);
      const id = `chatcmpl-${randomBytes(6).toString("hex")}`;
      const created = Math.floor(Date.now() / 1000);
      const toolCalls =
        "toolCall" in reply
          ? [{ id: `call_${randomBytes(6).toString("hex")}`, type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } }]
          : undefined;
      const text = reply.text ?? null;
      const finishReason = toolCalls ? "tool_calls" : "stop";
      const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

      if (!request.body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created,
            model: request.body.model,
            choices: [{ index: 0, message: { role: "assistant", content: text, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason: finishReason }],
            usage,
          }),
        );
        return;
      }

      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
        res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: request.body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`);
      chunk({ role: "assistant", content: "" }, null);
      // The text in a few pieces, as a model streams it.
      for (const piece of text ? (text.match(/.{1,12}/gs) ?? []) : []) chunk({ content: piece }, null);
      if (toolCalls) chunk({ tool_calls: toolCalls.map((call, index) => ({ index, ...call })) }, null);
      chunk({}, finishReason, { usage });
      res.end("data: [DONE]\n\n");
    })().catch((error: unknown) => fail(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  standIn.url = `http://127.0.0.1:${port}/v1`;
  standIn.env = { AI_BASE_URL: standIn.url, AI_API_KEY: apiKey, AI_MODEL: STAND_IN_MODEL };
  return standIn;
}
