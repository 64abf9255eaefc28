import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE, MAX_IMAGES_PER_REQUEST, MAX_MESSAGES, MAX_TEXT_CHARS } from "../../services/ai/messages";
import { SYSTEM_PROMPT_IDS } from "../../services/ai/prompts";
import { generateAiAnswer, streamAiAnswer } from "../../services/ai/query";
import { TOOL_NAMES } from "../../services/ai/tools";

const AiMessage = z
  .strictObject({
    role: z.enum(["user", "assistant", "tool"]),
    content: z
      .union([z.string(), z.array(z.record(z.string(), z.unknown()))])
      .openapi({ description: "Text, or the AI SDK's content parts (text, image, file, tool-call, tool-result)." }),
  })
  .openapi("AiMessage");

const AiQueryBody = z
  .strictObject({
    quality: z.enum(["dumb", "smart", "smartest"]).openapi({ description: "Accepted for compatibility; this server has one model (AI_MODEL)." }),
    speed: z.enum(["slow", "fast"]).openapi({ description: "Accepted for compatibility; this server has one model (AI_MODEL)." }),
    tools: z
      .array(z.string().max(100))
      .max(20)
      .openapi({
        description: `Tools the model may call (${TOOL_NAMES.join(", ")}); calls come back as tool-call blocks. \`docs\` and \`sql-query\` are accepted and left out here. Another name answers a plain 400.`,
      }),
    systemPrompt: z.enum(SYSTEM_PROMPT_IDS),
    messages: z.array(AiMessage).min(1).max(MAX_MESSAGES),
    projectId: z
      .string()
      .max(100)
      .nullish()
      .openapi({ description: "The project a dashboard user works on: only a user of the internal project who owns it may name it." }),
    mcpCallMetadata: z
      .strictObject({
        toolName: z.string().max(200),
        reason: z.string().max(10_000),
        userPrompt: z.string().max(10_000),
        conversationId: z.string().max(200).nullish(),
      })
      .nullish()
      .openapi({ description: "Sent by Stack Auth's MCP server; only its conversationId is used (echoed back)." }),
  })
  .openapi("AiQuery");

const AiContentBlock = z
  .union([
    z.object({ type: z.literal("text"), text: z.string() }),
    z.object({
      type: z.literal("tool-call"),
      toolName: z.string(),
      toolCallId: z.string(),
      args: z.unknown(),
      argsText: z.string(),
      result: z.null().openapi({ description: "Always null: no tool runs on this server." }),
    }),
  ])
  .openapi("AiContentBlock");

const AiAnswerSchema = z
  .object({
    content: z.array(AiContentBlock),
    finalText: z.string(),
    conversationId: z.string().nullable(),
  })
  .openapi("AiAnswer");

const aiQueryRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "USER_AUTHENTICATION_REQUIRED",
    "AI_NOT_CONFIGURED",
    "AI_PROVIDER_UNAVAILABLE",
    "AI_INVALID_TOOL_NAMES",
    "AI_TOO_MANY_IMAGES",
    "AI_IMAGE_TOO_LARGE",
    "AI_PROJECT_ACCESS_DENIED",
  ],
  {
    operationId: "queryAi",
    method: "post",
    path: "/ai/query/{mode}",
    tags: ["AI"],
    summary: "Ask the language model",
    description:
      "Sends the conversation to the operator's language model (AI_BASE_URL, AI_MODEL) with the system prompt and tools " +
      "named by id. `generate` answers the whole reply as JSON; `stream` streams it as the AI SDK's UI message stream " +
      "(server-sent events). Callers: a project's admins, and signed-in users of the internal project (the dashboard's); " +
      "any other answers INSUFFICIENT_ACCESS_TYPE. Bounds: " +
      `${MAX_MESSAGES} messages, ${MAX_TEXT_CHARS} characters of text, inline images only (a data URL or base64), ` +
      `${MAX_IMAGES_PER_MESSAGE} per message (a plain 400 past it, as in Stack Auth) and ${MAX_IMAGES_PER_REQUEST} per request of at ` +
      `most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB each (a plain 400); the other bounds answer SCHEMA_ERROR. A projectId the caller may ` +
      "not name answers a plain 403. The model's answer is cut after AI_TIMEOUT_MS and AI_MAX_OUTPUT_TOKENS. Without a " +
      "configured model: AI_NOT_CONFIGURED; the model failing: AI_PROVIDER_UNAVAILABLE. Rate limited per caller " +
      "(ai_requests_per_caller), and 429 while every model slot of the process is busy (AI_MAX_CONCURRENT_REQUESTS).",
    request: {
      params: z.object({ mode: z.enum(["stream", "generate"]).openapi({ param: { name: "mode", in: "path" } }) }),
      body: jsonBody(AiQueryBody),
    },
    responses: {
      200: {
        description: "The answer: JSON for `generate`, an event stream for `stream`",
        content: {
          "application/json": { schema: AiAnswerSchema },
          "text/event-stream": { schema: z.string().openapi({ description: "The AI SDK's UI message stream (x-vercel-ai-ui-message-stream: v1)." }) },
        },
      },
      ...rateLimitedResponse,
    },
  },
);

export function registerAiRoutes(router: Router): void {
  router.openapi(aiQueryRoute, async (c) => {
    const { mode } = c.req.valid("param");
    const query = c.req.valid("json");
    if (mode === "stream") {
      return (await streamAiAnswer(c.var.deps, c.var.auth, query, c.req.raw.signal)) as never;
    }
    return c.json(await generateAiAnswer(c.var.deps, c.var.auth, query, c.req.raw.signal), 200);
  });
}

