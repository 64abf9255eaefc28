/**
 * The contact-channel refusals, as the catalogue's codes. A channel id that is not one of
 * the user's is answered like an address that is not theirs, so ids of other users'
 * channels cannot be probed; a client naming another user is told that user is not found.
 */
import { KnownError } from "../../errors";

export const channelNotFound = () => new KnownError("EMAIL_NOT_ASSOCIATED_WITH_USER");
export const channelAlreadyExists = (email: string) =>
  new KnownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
export const channelOfOtherUser = () => new KnownError("USER_NOT_FOUND");
export const channelGone = () => new KnownError("VERIFICATION_CODE_NOT_FOUND");
