/**
 * The language model behind the AI routes: any service that speaks OpenAI's chat-completions
 * API (OpenAI itself, a gateway, or a model served on the operator's own machines), reached at
 * AI_BASE_URL with AI_API_KEY and asked for AI_MODEL. The AI SDK (`ai` and its
 * openai-compatible provider) does the wire work: building requests, reading streamed chunks,
 * tool calls, and turning a stream into the UI message stream that Stack's dashboard reads.
 *
 * This module bounds what one process asks of the service: at most `maxConcurrentRequests`
 * requests at once (more are refused at once as "busy", never queued), each ended after
 * `timeoutMs` and limited to `maxOutputTokens` of answer. A streamed answer holds its slot
 * until the stream ends, however it ends. What the model is sent is decided by the caller;
 * nothing here fetches URLs named in messages.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  generateText,
  InvalidArgumentError,
  InvalidDataContentError,
  InvalidMessageRoleError,
  InvalidPromptError,
  MessageConversionError,
  stepCountIs,
  streamText,
  UnsupportedFunctionalityError,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
} from "ai";
import type { AiSettings } from "../config/env";

export interface AiChat {
  system: string;
  messages: ModelMessage[];
  /** Tools the model may call; none runs here: calls come back to the caller as tool-call blocks. */
  tools: ToolSet;
  /** Aborted when the caller goes away. */
  signal?: AbortSignal;
}

export type AiContentBlock =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolName: string; toolCallId: string; args: unknown; argsText: string; result: null };

export interface AiAnswer {
  content: AiContentBlock[];
  finalText: string;
}

/**
 * Why a request to the model failed: every slot taken; a conversation the SDK cannot put in
 * the service's format (a kind of content this provider does not take); or the service
 * failing, refusing or timing out.
 */
export class AiModelError extends Error {
  constructor(
    readonly kind: "busy" | "invalid" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "AiModelError";
  }
}

export interface AiModel {
  readonly modelId: string;
  generate(chat: AiChat): Promise<AiAnswer>;
  /**
   * The answer as the AI SDK's UI message stream (server-sent events). A failure of the
   * service once streaming has begun arrives as an `error` event in the stream.
   */
  stream(chat: AiChat): Response;
}

/** The AI SDK's UI message stream masks errors to a fixed text unless told otherwise; ours says what kind. */
const STREAM_ERROR_TEXT = "The language model service failed or took too long to answer.";

export function createOpenAiCompatibleModel(settings: AiSettings, fetchImpl?: typeof fetch): AiModel {
  const provider = createOpenAICompatible({
    name: "gatehouse-ai",
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    includeUsage: true,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const model: LanguageModel = provider.chatModel(settings.model);
  let active = 0;

  /** Takes a slot, or refuses; the returned function gives it back (once). */
  function acquire(): () => void {
    if (active >= settings.maxConcurrentRequests) {
      throw new AiModelError("busy", `All ${settings.maxConcurrentRequests} language model slots of this process are in use.`);
    }
    active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= 1;
    };
  }

  const callSettings = (chat: AiChat, signal: AbortSignal) => ({
    model,
    system: chat.system,
    messages: chat.messages,
    tools: Object.keys(chat.tools).length > 0 ? chat.tools : undefined,
    // No tool runs here, so one step: text, or the tool calls the caller is to carry out.
    stopWhen: stepCountIs(1),
    maxOutputTokens: settings.maxOutputTokens,
    maxRetries: 1,
    abortSignal: signal,
  });

  return {
    modelId: settings.model,

    async generate(chat) {
      const release = acquire();
      const signal = bounded(chat.signal, settings.timeoutMs);
      try {
        const result = await generateText(callSettings(chat, signal));
        const content: AiContentBlock[] = [];
        for (const step of result.steps) {
          if (step.text) content.push({ type: "text", text: step.text });
          for (const call of step.toolCalls) {
            content.push({ type: "tool-call", toolName: call.toolName, toolCallId: call.toolCallId, args: call.input, argsText: JSON.stringify(call.input), result: null });
          }
        }
        return { content, finalText: result.text };
      } catch (error) {
        throw failure(error, signal);
      } finally {
        release();
      }
    },

    stream(chat) {
      const release = acquire();
      const signal = bounded(chat.signal, settings.timeoutMs);
      // A backstop: should no callback fire (a stream nobody reads to its end), the slot still comes back.
      setTimeout(release, settings.timeoutMs + 5_000).unref();
      try {
        const result = streamText({
          ...callSettings(chat, signal),
          onFinish: release,
          onError: release,
          onAbort: release,
        });
        return result.toUIMessageStreamResponse({ onError: () => STREAM_ERROR_TEXT });
      } catch (error) {
        release();
        throw failure(error, signal);
      }
    },
  };
}

/** The caller's signal, also aborted after `timeoutMs`. */
function bounded(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

const REQUEST_PROBLEMS = [InvalidPromptError, InvalidMessageRoleError, InvalidDataContentError, MessageConversionError, UnsupportedFunctionalityError, InvalidArgumentError];

function failure(error: unknown, signal: AbortSignal): AiModelError {
  if (signal.aborted) return new AiModelError("unavailable", "The language model did not answer in time, or the request was cancelled.");
  const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  return new AiModelError(REQUEST_PROBLEMS.some((kind) => kind.isInstance(error)) ? "invalid" : "unavailable", message);
}
