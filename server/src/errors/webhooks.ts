import { knownError } from "./define";

/** Outbound webhook endpoints. Ours, not Stack Auth's: it hands webhooks to Svix and has no code for these. */
export const webhookErrors = {
  WEBHOOK_ENDPOINT_NOT_FOUND: knownError<{ endpoint_id: string }>(
    404,
    (d) => `The project has no webhook endpoint ${d.endpoint_id}.`,
  ),
  WEBHOOK_MESSAGE_NOT_FOUND: knownError<{ message_id: string }>(
    404,
    (d) => `The project sent no webhook message ${d.message_id}, or it is older than the delivery log keeps.`,
  ),
  // One answer for a missing, unknown, expired or withdrawn token and for another project's app, so nothing is learnt from it.
  WEBHOOK_PORTAL_TOKEN_INVALID: knownError(
    401,
    () => "This webhook API token is not valid for this project. Get a new one with POST /api/v1/webhooks/svix-token.",
  ),
};
