/**
 * The contact-channel refusals, as the catalogue's codes. A channel id that is not one of
 * the user's is answered like an address that is not theirs, so ids of other users'
 * channels cannot be probed.
 */
import { KnownError } from "../../errors";

export const channelNotFound = () => new KnownError("EMAIL_NOT_ASSOCIATED_WITH_USER");
export const channelAlreadyExists = (email: string) =>
  new KnownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
export const channelGone = () => new KnownError("VERIFICATION_CODE_NOT_FOUND");
