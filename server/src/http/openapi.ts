import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import { knownErrors, type KnownErrorCode } from "../errors";
import { requireAccess, type AccessOptions } from "./access";
import {
  CLIENT_TEAM_PERMISSION_ERRORS,
  type ClientAccessRules,
} from "./client-access-rules";
import type { AccessType } from "./env";

/** The fields of every known-error body; `code` is narrowed per response (see errorBodyFor). */
const KNOWN_ERROR_FIELDS = {
  error: z.string().openapi({ description: "Human-readable message." }),
  details: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({
      description:
        "Structured fields of this error code; absent when it has none.",
    }),
};

export const RateLimitedBody = z
  .object({ error: z.string() })
  .openapi("RateLimited");

/** The answer of a rate-limited operation past its limit (not a known error: the SDK retries on the status). */
export const rateLimitedResponse = {
  429: {
    description:
      "Too many requests; retry after the number of seconds in Retry-After.",
    headers: {
      "Retry-After": {
        description: "Seconds until the limit's window ends.",
        schema: { type: "integer" as const },
      },
    },
    content: { "application/json": { schema: RateLimitedBody } },
  },
};

/** Errors any authenticated route can answer while resolving the caller (CONTRACT §2). */
const ACCESS_ERRORS: KnownErrorCode[] = [
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
  "INVALID_ACCESS_TYPE",
  "ACCESS_TYPE_WITHOUT_PROJECT_ID",
  "ACCESS_TYPE_REQUIRED",
  "CURRENT_PROJECT_NOT_FOUND",
  "BRANCH_DOES_NOT_EXIST",
  "UNPARSABLE_ACCESS_TOKEN",
  "ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
  "RESTRICTED_USER_NOT_ALLOWED",
  "INVALID_PUBLISHABLE_CLIENT_KEY",
  "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
  "SERVER_AUTHENTICATION_REQUIRED",
  "INVALID_SECRET_SERVER_KEY",
  "ADMIN_AUTHENTICATION_REQUIRED",
  "INVALID_SUPER_SECRET_ADMIN_KEY",
  "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
  "INSUFFICIENT_ACCESS_TYPE",
];

const INPUT_ERRORS: KnownErrorCode[] = ["SCHEMA_ERROR", "BODY_PARSING_ERROR"];

/** Errors any route that reads the database can answer, whatever it was asked. */
const OUTAGE_ERRORS: KnownErrorCode[] = ["DATABASE_UNAVAILABLE"];

/**
 * Known-error bodies are named by what they hold while that stays short, so operations
 * answering the same codes share one component: `KnownError401` is the access set every
 * authenticated operation shares, `KnownError401PlusUserNotFound` that set and the
 * operation's own code, and `KnownError404UserNotFound` own codes alone. Public operations
 * share a smaller set, so where it contributes codes their names start with
 * `PublicKnownError`. Past two own codes the body is named after its operation and status
 * (`SignInWithPasswordError400`): readable, a plain identifier in any language, and changed
 * only by that operation's own route.
 */
const errorBodies = new Map<string, { codes: string; schema: z.ZodType }>();

function errorBodyFor(
  status: number,
  codes: readonly KnownErrorCode[],
  base: ErrorBase,
  operationId: string | undefined,
): z.ZodType {
  const shared = new Set(
    base.codes.filter((code) => knownErrors[code].status === status),
  );
  const own = codes.filter((code) => !shared.has(code));
  const name =
    own.length > MAX_CODES_IN_NAME
      ? `${operationName(operationId, own)}Error${status}`
      : shared.size === 0
        ? `KnownError${status}${nameOfCodes(own)}`
        : `${base.prefix}${status}${own.length > 0 ? `Plus${nameOfCodes(own)}` : ""}`;
  const key = codes.join(",");
  const existing = errorBodies.get(name);
  if (existing) {
    if (existing.codes !== key)
      throw new Error(
        `two code sets would share the error schema name ${name}`,
      );
    return existing.schema;
  }
  const schema = z
    .object({
      code: z
        .enum(codes as [KnownErrorCode, ...KnownErrorCode[]])
        .openapi({
          description: "Stable error code; see the known-errors catalogue.",
        }),
      ...KNOWN_ERROR_FIELDS,
    })
    .openapi(name, {
      description: `A known error answered with status ${status}.`,
    });
  errorBodies.set(name, { codes: key, schema });
  return schema;
}

/** How many own codes a body's name spells out before it is named after its operation instead. */
const MAX_CODES_IN_NAME = 2;

/** `USER_NOT_FOUND` -> `UserNotFound`, codes joined. */
function nameOfCodes(codes: readonly string[]): string {
  return codes
    .map((code) =>
      code
        .toLowerCase()
        .split("_")
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(""),
    )
    .join("");
}

/** `signInWithPassword` -> `SignInWithPassword`; an operation with many own codes must name itself. */
function operationName(operationId: string | undefined, own: readonly string[]): string {
  if (!operationId)
    throw new Error(
      `an error body with more than ${MAX_CODES_IN_NAME} own codes (${own.join(", ")}) is named after its operation: give the route an operationId`,
    );
  return operationId.charAt(0).toUpperCase() + operationId.slice(1);
}

function groupByStatus(
  codes: readonly KnownErrorCode[],
): Array<[number, KnownErrorCode[]]> {
  const byStatus = new Map<number, Set<KnownErrorCode>>();
  for (const code of codes) {
    const status = knownErrors[code].status;
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, set]) => [status, [...set].sort()]);
}

interface ErrorBase {
  prefix: string;
  codes: readonly KnownErrorCode[];
}

const AUTHENTICATED_BASE: ErrorBase = {
  prefix: "KnownError",
  codes: [...ACCESS_ERRORS, ...INPUT_ERRORS, ...OUTAGE_ERRORS],
};
const PUBLIC_BASE: ErrorBase = {
  prefix: "PublicKnownError",
  codes: [...INPUT_ERRORS, ...OUTAGE_ERRORS],
};

/**
 * Response entries for the shared `base` codes plus the operation's own, grouped by status;
 * each names its codes in the description and as the `code` enum of its schema.
 */
export function errorResponses(
  codes: readonly KnownErrorCode[],
  base: ErrorBase = { prefix: "KnownError", codes: [] },
  operationId?: string,
) {
  const responses: Record<
    number,
    {
      description: string;
      content: {
        "application/json"?: { schema: z.ZodType };
        "text/plain"?: { schema: z.ZodType };
      };
    }
  > = {};
  for (const [status, set] of groupByStatus([...base.codes, ...codes])) {
    const known = set.filter((code) => !isPlain(code));
    const plain = set.filter(isPlain);
    const descriptions = [
      ...(known.length > 0 ? [`Known error: ${known.join(", ")}`] : []),
      ...(plain.length > 0
        ? [
            `As text: ${plain.map((code) => knownErrors[code].message({} as never)).join(" / ")}`,
          ]
        : []),
    ];
    responses[status] = {
      description: descriptions.join(". "),
      content: {
        ...(known.length > 0
          ? {
              "application/json": {
                schema: errorBodyFor(status, known, base, operationId),
              },
            }
          : {}),
        ...(plain.length > 0
          ? { "text/plain": { schema: PLAIN_ERROR_BODY } }
          : {}),
      },
    };
  }
  return responses;
}

/** Refusals answered as a bare status and a sentence (errors/define.ts, plainError). */
const isPlain = (code: KnownErrorCode) =>
  (knownErrors[code] as { plain?: true }).plain === true;
const PLAIN_ERROR_BODY = z
  .string()
  .openapi({ description: "What was wrong, in a sentence." });

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    required: true,
    content: { "application/json": { schema } },
    ...(description ? { description } : {}),
  };
}

/** A JSON body the caller may leave out (the Stack SDKs send `{}` with some bodiless POSTs and DELETEs). */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { "application/json": { schema } } };
}

export function jsonResponse<T extends z.ZodType>(
  schema: T,
  description: string,
) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * OpenAPI security alternatives for each access type a route admits. The publishable key
 * and the user's access token are optional at client level, so each combination is listed.
 */
function securityFor(access: readonly AccessType[]) {
  const base = { ProjectId: [], AccessType: [] };
  const alternatives: Array<Record<string, string[]>> = [];
  if (access.includes("client")) {
    alternatives.push(
      { ...base },
      { ...base, PublishableClientKey: [] },
      { ...base, AccessToken: [] },
      { ...base, PublishableClientKey: [], AccessToken: [] },
    );
  }
  if (access.includes("server"))
    alternatives.push(
      { ...base, SecretServerKey: [] },
      { ...base, SecretServerKey: [], AccessToken: [] },
    );
  if (access.includes("admin"))
    alternatives.push({ ...base, SuperSecretAdminKey: [] });
  // A project owner's admin access token stands for every access level (http/access.ts).
  alternatives.push({ ...base, AdminAccessToken: [] });
  return alternatives;
}

/**
 * A route behind project authentication: resolves the caller, admits `access`, and declares
 * the access errors, input errors and the route's own `errors` in its responses.
 * `clientAccessRules` say what client access may not do here (checked by the router).
 */
export function authenticatedRoute<
  const R extends Omit<RouteConfig, "middleware" | "security">,
>(
  access: readonly AccessType[],
  errors: readonly KnownErrorCode[],
  route: R,
  clientAccessRules?: ClientAccessRules,
  accessOptions?: AccessOptions,
) {
  const teamErrors = clientAccessRules?.clientTeamPermission
    ? CLIENT_TEAM_PERMISSION_ERRORS
    : [];
  const config = createRoute({
    ...route,
    security: securityFor(access),
    middleware: [requireAccess(access, accessOptions)] as const,
    responses: {
      ...errorResponses(
        [...teamErrors, ...errors],
        AUTHENTICATED_BASE,
        route.operationId,
      ),
      ...route.responses,
    },
  });
  return clientAccessRules ? { ...config, clientAccessRules } : config;
}

/**
 * A route anyone may call, which reads project authentication when it is sent (and refuses
 * it when it is wrong); the handler finds the caller with `resolveAccess`.
 */
export function optionallyAuthenticatedRoute<
  const R extends Omit<RouteConfig, "security">,
>(errors: readonly KnownErrorCode[], route: R) {
  return createRoute({
    ...route,
    security: [{}, ...securityFor(["client", "server", "admin"])],
    responses: {
      ...errorResponses(errors, AUTHENTICATED_BASE, route.operationId),
      ...route.responses,
    },
  });
}

/** A route anyone may call (no project authentication). */
export function publicRoute<const R extends RouteConfig>(
  errors: readonly KnownErrorCode[],
  route: R,
) {
  return createRoute({
    ...route,
    security: [],
    responses: {
      ...errorResponses(errors, PUBLIC_BASE, route.operationId),
      ...route.responses,
    },
  });
}

export const SECURITY_SCHEMES = {
  ProjectId: {
    type: "apiKey",
    in: "header",
    name: "x-stack-project-id",
    description:
      "Project id, or `internal`. Also accepted as x-hexclave-project-id.",
  },
  AccessType: {
    type: "apiKey",
    in: "header",
    name: "x-stack-access-type",
    description: "`client`, `server` or `admin`.",
  },
  PublishableClientKey: {
    type: "apiKey",
    in: "header",
    name: "x-stack-publishable-client-key",
    description: "Client key; required only by projects that demand it.",
  },
  AccessToken: {
    type: "apiKey",
    in: "header",
    name: "x-stack-access-token",
    description: "The signed-in user's access token (JWT).",
  },
  SecretServerKey: {
    type: "apiKey",
    in: "header",
    name: "x-stack-secret-server-key",
    description: "Server key.",
  },
  SuperSecretAdminKey: {
    type: "apiKey",
    in: "header",
    name: "x-stack-super-secret-admin-key",
    description: "Admin key.",
  },
  AdminAccessToken: {
    type: "apiKey",
    in: "header",
    name: "x-stack-admin-access-token",
    description:
      "Access token of an internal-project user who owns the project; it stands for client, server and admin access.",
  },
} as const;
