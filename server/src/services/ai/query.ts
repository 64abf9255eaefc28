/**
 * AI queries (`POST /ai/query/{mode}`): a conversation sent to the operator's language model
 * with a system prompt and tools chosen by id, answered whole (`generate`) or streamed.
 *
 * Who may ask: the model costs the operator money, so not anyone (Stack Auth's hosted backend
 * also answers anonymous callers, with a cheaper model; there is no cheaper model here). A
 * project's admins may (admin key, or an owner's admin access token), and so may the signed-in
 * users of the internal project, who are the dashboard's users. Each caller is rate limited
 * (`ai_requests_per_caller`), and the model service is bounded per process (integrations/ai-model.ts).
 *
 * Whose data: nothing of any project is added to what the caller sent. `projectId` names the
 * project a dashboard user is working on; only a user of the internal project who owns that
 * project may name it, so no one can ask in another project's name.
 */
import { AiModelError, type AiAnswer } from "../../integrations/ai-model";
import { KnownError, RateLimitedError } from "../../errors";
import type { AccessTokenClaims } from "../sessions/access-tokens";
import type { ServiceDeps } from "../deps";
import { isProjectOwner } from "../projects/ownership";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";
import { checkMessages } from "./messages";
import { systemPrompt, type SystemPromptId } from "./prompts";
import { TOOL_NAMES, toolSetFor, type ToolName } from "./tools";

export interface AiQuery {
  quality: "dumb" | "smart" | "smartest";
  speed: "slow" | "fast";
  tools: string[];
  systemPrompt: SystemPromptId;
  messages: Array<{ role: string; content: unknown }>;
  projectId?: string | null;
  mcpCallMetadata?: { toolName: string; reason: string; userPrompt: string; conversationId?: string | null } | null;
}

/** Who asks: the resolved access of the request. */
export interface AiCaller {
  type: "client" | "server" | "admin";
  tenancy: Tenancy;
  user: AccessTokenClaims | null;
}

export type AiGenerateAnswer = AiAnswer & { conversationId: string | null };

/** The caller's rate-limit subject, or the error saying why this caller may not ask. */
async function admit(deps: ServiceDeps, auth: AiCaller, projectId: string | null | undefined): Promise<string> {
  const internal = auth.tenancy.projectId === "internal";
  const user = auth.user && !auth.user.is_anonymous ? auth.user : null;
  if (projectId != null) {
    // Only a dashboard user names the project they work on, and only one they own.
    if (!internal || !user || !(await isProjectOwner(deps, projectId, user.sub))) throw new KnownError("AI_PROJECT_ACCESS_DENIED");
  }
  if (internal && user) return `user:${user.sub}`;
  if (auth.type === "admin") return "admin";
  if (internal) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  throw new KnownError("INSUFFICIENT_ACCESS_TYPE", { actual_access_type: auth.type, allowed_access_types: ["admin"] });
}

/** Checks everything that needs no model (caller, bounds, rate limit), then the model is asked. */
async function prepare(deps: ServiceDeps, auth: AiCaller, query: AiQuery, signal: AbortSignal | undefined) {
  const unknownTools = query.tools.filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
  if (unknownTools.length > 0) throw new KnownError("AI_INVALID_TOOL_NAMES", { names: unknownTools });
  const subject = await admit(deps, auth, query.projectId);
  const messages = checkMessages(query.messages);
  if (!deps.ai) throw new KnownError("AI_NOT_CONFIGURED");
  await enforceRateLimits(deps, auth.tenancy, [{ rule: RATE_LIMITS.aiRequestsPerCaller, subject }]);
  return { model: deps.ai, chat: { system: systemPrompt(query.systemPrompt), messages, tools: toolSetFor(query.tools as ToolName[]), signal } };
}

function modelFailure(deps: ServiceDeps, auth: AiCaller, error: unknown): never {
  if (!(error instanceof AiModelError)) throw error;
  // Every slot busy: the SDKs wait out Retry-After and try again.
  if (error.kind === "busy") throw new RateLimitedError(2, "ai_busy");
  if (error.kind === "invalid") throw new KnownError("SCHEMA_ERROR", { message: `body.messages: ${error.message}` });
  deps.log.warn("The language model service failed", { project_id: auth.tenancy.projectId, error: error.message });
  throw new KnownError("AI_PROVIDER_UNAVAILABLE");
}

export async function generateAiAnswer(deps: ServiceDeps, auth: AiCaller, query: AiQuery, signal?: AbortSignal): Promise<AiGenerateAnswer> {
  const { model, chat } = await prepare(deps, auth, query, signal);
  let answer: AiAnswer;
  try {
    answer = await model.generate(chat);
  } catch (error) {
    modelFailure(deps, auth, error);
  }
  // Stack Auth logs calls its MCP server makes and names them by a conversation id; nothing is logged here, the id is only echoed.
  const conversationId = query.mcpCallMetadata ? (query.mcpCallMetadata.conversationId ?? crypto.randomUUID()) : null;
  return { ...answer, conversationId };
}

export async function streamAiAnswer(deps: ServiceDeps, auth: AiCaller, query: AiQuery, signal?: AbortSignal): Promise<Response> {
  const { model, chat } = await prepare(deps, auth, query, signal);
  try {
    return model.stream(chat);
  } catch (error) {
    modelFailure(deps, auth, error);
  }
}
