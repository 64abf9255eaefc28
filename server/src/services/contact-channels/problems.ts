/**
 * The contact-channel refusals. A channel id that is not one of the user's is answered like
 * one that does not exist, so ids of other users' channels cannot be probed. Both are bare
 * 400s with a sentence, as Stack Auth answers them.
 */
import { KnownError } from "../../errors";

export const channelNotFound = () => new KnownError("CONTACT_CHANNEL_NOT_FOUND");
export const channelAlreadyExists = () => new KnownError("CONTACT_CHANNEL_ALREADY_EXISTS");
export const channelGone = () => new KnownError("VERIFICATION_CODE_NOT_FOUND");
