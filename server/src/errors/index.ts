export { knownErrors, type KnownErrorCode, type KnownErrorDetails } from "./catalogue";
export { KnownError, isKnownError } from "./known-error";
export { RateLimitedError } from "./rate-limited";
export { redirectUrlNotTrusted } from "./redirect-url";
export { signUpRejected } from "./sign-up-rejected";
