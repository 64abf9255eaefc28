import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { KnownError } from "../errors";
import { ScimError } from "../errors/scim";
import { authenticateScimToken, SCIM_BASE_PATH, scimBaseUrl, type ScimCaller } from "../services/scim/directories";
import { listOf, resourceTypes, schemas, serviceProviderConfig } from "../services/scim/discovery";
import { createScimGroup, deleteScimGroupResource, getScimGroupResource, listScimGroupResources, patchScimGroup, replaceScimGroup } from "../services/scim/groups";
import { SCIM_MAX_BODY_BYTES } from "../services/scim/limits";
import {
  createScimUser,
  deleteScimUserResource,
  getScimUserResource,
  listScimUserResources,
  patchScimUser,
  replaceScimUser,
  type ListQuery,
} from "../services/scim/users";
import { clientInfo } from "./client-info";
import type { AppEnv } from "./env";
import { MAX_JSON_DEPTH } from "./request-guard";

/**
 * The SCIM 2.0 service provider (RFC 7644) at /api/v1/scim/v2: one base URL for every
 * directory, because the bearer token says which directory (and so which project, branch and
 * team) a request is for. It is a mount of its own rather than OpenAPI routes: SCIM has its own
 * authentication (a bearer token, none of the project headers), its own media type
 * (application/scim+json) and its own error schema (urn:ietf:params:scim:api:messages:2.0:Error,
 * `status` as a string), which identity providers read and Gatehouse's known errors are not.
 * The API's CORS, body guard and known-error rendering stand aside for these paths (isScimPath);
 * this mount bounds bodies itself, refuses what cannot be stored in the services
 * (services/scim/resources.ts), and answers every failure in SCIM's schema.
 */
const SCIM_PATH = /^\/api\/v1\/scim\/v2(?:\/|$)/;
const SCIM_MEDIA_TYPE = "application/scim+json; charset=utf-8";
const JSON_MEDIA_TYPE = /^application\/(scim\+)?json$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isScimPath(path: string): boolean {
  return SCIM_PATH.test(path);
}

type ScimEnv = AppEnv & { Variables: AppEnv["Variables"] & { scim: ScimCaller } };

function scimJson(c: Context<ScimEnv>, body: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(body), status, { "content-type": SCIM_MEDIA_TYPE, ...headers });
}

function scimError(error: unknown, c: Context<ScimEnv>): Response {
  let scim: ScimError;
  if (error instanceof ScimError) scim = error;
  else if (error instanceof KnownError && error.status < 500) {
    scim = new ScimError(error.status === 404 ? "NOT_FOUND" : error.status === 409 ? "UNIQUENESS" : "INVALID_VALUE", error.message);
  } else {
    c.var.deps.log.error("Unhandled SCIM error", {
      request_id: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.body(
      JSON.stringify({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "500", detail: `Something went wrong on our side. Request id: ${c.var.requestId}.` }),
      500,
      { "content-type": SCIM_MEDIA_TYPE },
    );
  }
  const headers: Record<string, string> = { "content-type": SCIM_MEDIA_TYPE };
  if (scim.status === 401) headers["www-authenticate"] = 'Bearer realm="SCIM"';
  if (scim.retryAfterSeconds !== undefined) headers["retry-after"] = String(scim.retryAfterSeconds);
  if (scim.status === 429) c.var.deps.metrics.countRateLimitRefusal("scimPerDirectory");
  return c.body(JSON.stringify(scim), scim.status as 400, headers);
}

/** The request's JSON body: application/scim+json or application/json (or no content type), parsed. */
async function readBody(c: Context<ScimEnv>): Promise<unknown> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
  if (mediaType !== "" && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ScimError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/scim+json (or application/json).");
  }
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ScimError("INVALID_SYNTAX", "The body is not valid UTF-8.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ScimError("INVALID_SYNTAX", "The body is not JSON.");
  }
  if (nestingDepth(body) > MAX_JSON_DEPTH) throw new ScimError("INVALID_VALUE", `The body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  return body;
}

/** How deep a parsed JSON value nests (the value itself is level 1), walked without recursion so no depth can overflow the stack. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const listQuery = (c: Context<ScimEnv>): ListQuery => ({
  filter: c.req.query("filter"),
  startIndex: c.req.query("startIndex"),
  count: c.req.query("count"),
  attributes: c.req.query("attributes"),
  excludedAttributes: c.req.query("excludedAttributes"),
});

export function mountScimServer(app: Hono<AppEnv>): void {
  const scim = new Hono<ScimEnv>();
  scim.onError(scimError);
  const authenticate: MiddlewareHandler<ScimEnv> = async (c, next) => {
    // ScimEnv only adds a variable to AppEnv's; clientInfo reads the settings and the headers.
    c.set("scim", await authenticateScimToken(c.var.deps, c.req.header("authorization"), clientInfo(c as unknown as Context<AppEnv>)));
    // What the databases cannot compare faithfully (NUL, lone surrogates) never reaches a query.
    const queryStart = c.req.url.indexOf("?");
    const values = queryStart === -1 ? [] : [...new URLSearchParams(c.req.url.slice(queryStart + 1)).values()];
    if ([c.req.path, ...values].some((text) => text.includes("\u0000") || LONE_SURROGATE.test(text))) {
      throw new ScimError("INVALID_VALUE", "The path or a query parameter holds a character that cannot be compared (NUL or a lone surrogate).");
    }
    await next();
  };
  scim.use(
    "*",
    authenticate,
    bodyLimit({
      maxSize: SCIM_MAX_BODY_BYTES,
      onError: (c) => {
        c.header("connection", "close");
        throw new ScimError("PAYLOAD_TOO_LARGE", `The body is larger than ${SCIM_MAX_BODY_BYTES} bytes.`);
      },
    }),
  );

  const base = (c: Context<ScimEnv>) => scimBaseUrl(c.var.deps);
  scim.get("/ServiceProviderConfig", (c) => scimJson(c, serviceProviderConfig(base(c))));
  scim.get("/ResourceTypes", (c) => scimJson(c, listOf(resourceTypes(base(c)))));
  scim.get("/ResourceTypes/:id", (c) => {
    const found = resourceTypes(base(c)).find((type) => type.id === c.req.param("id"));
    if (!found) throw new ScimError("NOT_FOUND", "The resource types are User and Group.");
    return scimJson(c, found);
  });
  scim.get("/Schemas", (c) => scimJson(c, listOf(schemas(base(c)))));
  scim.get("/Schemas/:id", (c) => {
    const found = schemas(base(c)).find((schema) => schema.id === c.req.param("id"));
    if (!found) throw new ScimError("NOT_FOUND", "This server has the core User and Group schemas.");
    return scimJson(c, found);
  });

  scim.get("/Users", async (c) => scimJson(c, await listScimUserResources(c.var.deps, c.var.scim, listQuery(c))));
  scim.post("/Users", async (c) => {
    const user = await createScimUser(c.var.deps, c.var.scim, await readBody(c));
    return scimJson(c, user, 201, { location: (user.meta as { location: string }).location });
  });
  scim.get("/Users/:id", async (c) => scimJson(c, await getScimUserResource(c.var.deps, c.var.scim, c.req.param("id"), listQuery(c))));
  scim.put("/Users/:id", async (c) => scimJson(c, await replaceScimUser(c.var.deps, c.var.scim, c.req.param("id"), await readBody(c))));
  scim.patch("/Users/:id", async (c) => scimJson(c, await patchScimUser(c.var.deps, c.var.scim, c.req.param("id"), await readBody(c))));
  scim.delete("/Users/:id", async (c) => {
    await deleteScimUserResource(c.var.deps, c.var.scim, c.req.param("id"));
    return c.body(null, 204);
  });

  scim.get("/Groups", async (c) => scimJson(c, await listScimGroupResources(c.var.deps, c.var.scim, listQuery(c))));
  scim.post("/Groups", async (c) => {
    const group = await createScimGroup(c.var.deps, c.var.scim, await readBody(c));
    return scimJson(c, group, 201, { location: (group.meta as { location: string }).location });
  });
  scim.get("/Groups/:id", async (c) => scimJson(c, await getScimGroupResource(c.var.deps, c.var.scim, c.req.param("id"), listQuery(c))));
  scim.put("/Groups/:id", async (c) => scimJson(c, await replaceScimGroup(c.var.deps, c.var.scim, c.req.param("id"), await readBody(c))));
  scim.patch("/Groups/:id", async (c) => scimJson(c, await patchScimGroup(c.var.deps, c.var.scim, c.req.param("id"), await readBody(c))));
  scim.delete("/Groups/:id", async (c) => {
    await deleteScimGroupResource(c.var.deps, c.var.scim, c.req.param("id"));
    return c.body(null, 204);
  });

  scim.all("/Bulk", () => {
    throw new ScimError("NOT_IMPLEMENTED", "Bulk operations are not supported (ServiceProviderConfig bulk.supported is false).");
  });
  scim.all("*", (c) => {
    throw new ScimError("NOT_FOUND", `There is no SCIM endpoint ${c.req.method} ${c.req.path.slice(SCIM_BASE_PATH.length) || "/"}.`);
  });

  app.route(SCIM_BASE_PATH, scim);
}
