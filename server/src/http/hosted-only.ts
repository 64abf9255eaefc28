import { KnownError } from "../errors";
import { API_BASE_PATH } from "./openapi-document";

/**
 * Stack Auth's partner integrations, Neon and "custom" partners, let a hosting partner provision
 * projects, transfer them and use Stack as an OAuth provider, with the partner's own credentials.
 * They are a feature of Stack's hosted platform and not offered here, so these paths are in no
 * operation of the document. They answer UNSUPPORTED_ERROR (originalErrorCode
 * HOSTED_PLATFORM_FEATURE_NOT_OFFERED) rather than ROUTE_NOT_FOUND: Stack's SDKs rebuild the
 * first and throw "update your SDK" on the second, and Stack's dashboard calls the transfer
 * routes through its SDK.
 */
const HOSTED_ONLY_PREFIXES = [`${API_BASE_PATH}/integrations/neon`, `${API_BASE_PATH}/integrations/custom`];

/** The error a path of a hosted-platform feature answers, or null for any other path. */
export function hostedPlatformOnly(path: string): KnownError | null {
  const hostedOnly = HOSTED_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return hostedOnly ? new KnownError("UNSUPPORTED_ERROR", { originalErrorCode: "HOSTED_PLATFORM_FEATURE_NOT_OFFERED" }) : null;
}
