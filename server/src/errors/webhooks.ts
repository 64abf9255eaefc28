import { knownError } from "./define";

/** Outbound webhook endpoints. Ours, not Stack Auth's: it hands webhooks to Svix and has no code for these. */
export const webhookErrors = {
  WEBHOOK_ENDPOINT_NOT_FOUND: knownError<{ endpoint_id: string }>(
    404,
    (d) => `The project has no webhook endpoint ${d.endpoint_id}.`,
  ),
};
