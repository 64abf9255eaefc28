/**
 * SCIM's bounds (SPEC §9 style). Okta asks for pages of 100 and Entra ID for one user or group
 * at a time; a full push of a large company sends thousands of requests, each small.
 */
/** Largest page a list answers (ServiceProviderConfig's filter.maxResults); a larger `count` is cut to it. */
export const SCIM_MAX_PAGE_SIZE = 200;
/** The page size when `count` is not given. */
export const SCIM_DEFAULT_PAGE_SIZE = 100;
/** Largest request body, in bytes. */
export const SCIM_MAX_BODY_BYTES = 256 * 1024;
/** Most operations in one PATCH. */
export const SCIM_MAX_PATCH_OPERATIONS = 100;
/** Most group members added, removed or set by one request (POST, PUT or PATCH of a group). */
export const SCIM_MAX_MEMBERS_PER_REQUEST = 1000;
/** Longest filter, in characters. */
export const SCIM_MAX_FILTER_LENGTH = 1000;
/** Longest userName, externalId, displayName and group name. */
export const SCIM_MAX_NAME_LENGTH = 256;
/** The extra attributes kept of a user (name, title, phoneNumbers...), as JSON text. */
export const SCIM_MAX_ATTRIBUTES_BYTES = 16 * 1024;
/** Deepest nesting of a user's kept attributes (the enterprise extension's manager is three levels down). */
export const SCIM_MAX_DEPTH = 16;
