/**
 * What a caller may send the model, checked before any slot of the model service is taken.
 * Messages must be the AI SDK's model messages (user, assistant and tool turns; the system
 * prompt is chosen by id, never sent). Everything is bounded: turns, text, and images, which
 * must travel inline (a data URL or base64): a URL would make this server, or the model
 * service on its behalf, fetch whatever the caller names.
 */
import { modelMessageSchema, type ModelMessage } from "ai";
import { KnownError } from "../../errors";

/** Stack Auth's limits for images in AI chat (its dashboard's composer enforces the same). */
export const MAX_IMAGES_PER_MESSAGE = 3;
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
/** Ours: images in one request, turns, and characters of text, tool input and output in all of them. */
export const MAX_IMAGES_PER_REQUEST = 4;
export const MAX_MESSAGES = 200;
export const MAX_TEXT_CHARS = 200_000;
/**
 * The request body this route accepts: the images at their largest (base64 grows by a third)
 * and the text, with room for JSON. Other routes keep BODY_LIMIT_BYTES.
 */
export const AI_QUERY_BODY_LIMIT_BYTES = Math.ceil((MAX_IMAGES_PER_REQUEST * MAX_IMAGE_BYTES * 4) / 3) + 4 * MAX_TEXT_CHARS + 1024 * 1024;

const refuse = (message: string) => new KnownError("SCHEMA_ERROR", { message: `body.messages: ${message}` });

/** Decoded size of base64 data, with or without a `data:…;base64,` prefix. */
export function base64ByteLength(data: string): number {
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  const body = comma === -1 ? data : data.slice(comma + 1);
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((body.length * 3) / 4) - padding);
}

const isRemote = (value: string) => /^[a-z][a-z0-9+.-]*:/i.test(value) && !value.startsWith("data:");

export function checkMessages(raw: ReadonlyArray<{ role: string; content: unknown }>): ModelMessage[] {
  if (raw.length > MAX_MESSAGES) throw refuse(`at most ${MAX_MESSAGES} messages`);
  let images = 0;
  let textChars = 0;
  const messages: ModelMessage[] = [];
  raw.forEach((message, index) => {
    const parsed = modelMessageSchema.safeParse(message);
    if (!parsed.success || parsed.data.role === "system") {
      throw refuse(`message ${index} is not a user, assistant or tool message of the AI SDK's shape (${parsed.error?.issues[0]?.message ?? "system turns are not accepted"})`);
    }
    const content = parsed.data.content;
    if (typeof content === "string") {
      textChars += content.length;
    } else {
      let imagesHere = 0;
      for (const part of content) {
        if (part.type === "image" || part.type === "file") {
          const data = part.type === "image" ? part.image : part.data;
          if (typeof data !== "string" || isRemote(data)) throw refuse(`message ${index}: images and files must be inline (a data URL or base64), not links`);
          // Chat-completions services take images; other files have no place in their format.
          if (part.type === "file" && !part.mediaType.startsWith("image/")) throw refuse(`message ${index}: only image files are accepted (got ${part.mediaType})`);
          if (part.type === "image" || part.mediaType.startsWith("image/")) {
            imagesHere += 1;
            images += 1;
            if (imagesHere > MAX_IMAGES_PER_MESSAGE) throw new KnownError("AI_TOO_MANY_IMAGES", { max: MAX_IMAGES_PER_MESSAGE });
            if (images > MAX_IMAGES_PER_REQUEST) throw refuse(`at most ${MAX_IMAGES_PER_REQUEST} images in one request`);
          }
          const bytes = base64ByteLength(data);
          if (bytes > MAX_IMAGE_BYTES) {
            throw new KnownError("AI_IMAGE_TOO_LARGE", { max_mib: MAX_IMAGE_BYTES / 1024 / 1024, mib: (bytes / 1024 / 1024).toFixed(2) });
          }
        } else if (part.type === "text" || part.type === "reasoning") {
          textChars += part.text.length;
        } else {
          textChars += JSON.stringify(part).length;
        }
      }
    }
    if (textChars > MAX_TEXT_CHARS) throw refuse(`at most ${MAX_TEXT_CHARS} characters of text in all messages`);
    messages.push(parsed.data);
  });
  return messages;
}
