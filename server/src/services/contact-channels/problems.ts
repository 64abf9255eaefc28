/**
 * Refusals the platform answers with a plain status and message rather than a known error
 * code (the SDK has no typed error for them). Routes turn these into HTTP responses.
 */
export class ContactChannelProblem extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "ContactChannelProblem";
  }
}

export const channelNotFound = () => new ContactChannelProblem(404, "Contact channel not found.");
export const channelAlreadyExists = () => new ContactChannelProblem(409, "The user already has a contact channel with this value.");
export const channelOfOtherUser = () =>
  new ContactChannelProblem(403, "With client access, only the signed-in user's contact channels can be used.");
export const channelGone = () =>
  new ContactChannelProblem(404, "The contact channel of this code no longer exists or has changed; request a new code.");
