/**
 * Requests generated from the OpenAPI document (every operation, with the credentials its
 * security alternatives name and ids from a seeded project), sent to a real server and checked
 * against the same document: no 5xx, no status the operation does not declare, no body that
 * breaks its declared schema, no dropped connection. Shared by the CI test
 * (test/fuzz/openapi-fuzz.test.ts) and the long run (scripts/fuzz.ts).
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "../openapi-document";
import { arbitraryFor, hostileValue, type SchemaContext } from "./schema-arbitrary";
import { randomAddress, seedWorld, type FuzzWorld, type InternalKeys } from "./world";

/** Server settings for a fuzzed server: a shared SMTP server that refuses at once, so send-email can queue mail and nothing is delivered. */
export const REFUSING_SMTP = { STACK_EMAIL_HOST: "127.0.0.1", STACK_EMAIL_PORT: "1" };

/** Server settings for a fuzzed server: a DNS server that refuses at once, so domain verification asks nothing outside the machine. */
export const REFUSING_DNS = { DNS_SERVERS: "127.0.0.1:1" };

// ajv-formats is CommonJS with a default export; under tsx and vitest it arrives wrapped or not.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

export interface FuzzRequest {
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The template whose declaration the answer is checked against (a concrete path wins, as OpenAPI says). */
  checkTemplate: string;
  /**
   * An empty path parameter leaves a path no operation has ("/teams/"), and so does "." or "..",
   * which URL resolution removes as a dot-segment: ROUTE_NOT_FOUND is then a right answer too.
   */
  emptyPathSegment: boolean;
}

export interface FuzzFailure {
  request: FuzzRequest;
  /** What the same worker sent just before: a dropped connection is often the previous answer's doing. */
  previous?: string;
  status: number;
  problem: string;
  body: string;
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, { total: number; success: number }>;
  failures: FuzzFailure[];
  dropped: number;
  millis: number;
}

export interface FuzzOptions {
  baseUrl: string;
  internal: InternalKeys;
  requests: number;
  concurrency: number;
  seed?: number;
  /** Requests per seeded project: destructive operations (sign-out, deletes) use a world up. */
  requestsPerWorld?: number;
  hostility?: number;
  onProgress?: (stats: FuzzStats) => void;
}

const METHODS_WITH_BODY = new Set(["post", "put", "patch", "delete"]);
const GENERATION_CHUNK = 20;
const PLACEHOLDER_WORLD: FuzzWorld = {
  creds: { projectId: "p", publishableKey: "k", secretKey: "k", adminKey: "k", ownerToken: "t", userTokens: ["t"], refreshTokens: ["t"], disposable: { projectId: "p", adminKey: "k" } },
  pools: {},
};

interface Operation {
  template: string;
  method: string;
  op: OpenApiOperation;
  id: string;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ template, method, op, id: op.operationId ?? `${method} ${template}` })),
  );
}

/** Headers for one security alternative, with the world's credentials; now and then a wrong one. */
/** Operations that end the project they are called on: they get the world's disposable project. */
const PROJECT_ENDING = new Set(["deleteCurrentProject"]);

function credentialHeaders(
  alternative: Record<string, string[]> | undefined,
  world: FuzzWorld,
  pick: number,
  tamper: number,
  operationId: string,
): Record<string, string> {
  if (!alternative) return {};
  const names = Object.keys(alternative);
  const c = PROJECT_ENDING.has(operationId) ? { ...world.creds, ...world.creds.disposable } : world.creds;
  const headers: Record<string, string> = { "x-stack-project-id": c.projectId };
  let accessType = "client";
  for (const name of names) {
    if (name === "PublishableClientKey") headers["x-stack-publishable-client-key"] = c.publishableKey;
    if (name === "AccessToken") headers["x-stack-access-token"] = c.userTokens[pick % c.userTokens.length]!;
    if (name === "SecretServerKey") {
      headers["x-stack-secret-server-key"] = c.secretKey;
      accessType = "server";
    }
    if (name === "SuperSecretAdminKey") {
      headers["x-stack-super-secret-admin-key"] = c.adminKey;
      accessType = "admin";
    }
    if (name === "AdminAccessToken") {
      headers["x-stack-admin-access-token"] = c.ownerToken;
      accessType = "admin";
    }
  }
  headers["x-stack-access-type"] = accessType;
  if (names.includes("AccessToken") && pick % 7 === 0) headers["x-stack-allow-anonymous-user"] = "true";
  switch (tamper) {
    case 1:
      headers["x-stack-access-type"] = ["client", "server", "admin", "root", ""][pick % 5]!;
      break;
    case 2:
      if (headers["x-stack-access-token"]) headers["x-stack-access-token"] = "not.a.token";
      else headers["x-stack-secret-server-key"] = "ssk_wrong";
      break;
    case 3:
      headers["x-stack-project-id"] = pick % 2 ? "internal" : "00000000-0000-4000-8000-000000000000";
      break;
    default:
      break;
  }
  return headers;
}

function requestArbitrary(operation: Operation, document: OpenApiDocument, world: FuzzWorld, hostility: number): fc.Arbitrary<FuzzRequest> {
  const ctx: SchemaContext = { components: document.components.schemas, pools: world.pools, hostility };
  const params = (operation.op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  // Header parameters (a bearer token of the SSO set-up or Svix-compatible API) come from the world's pools only, or are left out.
  const headerParams = params.filter((p) => p.in === "header" && (world.pools[p.name]?.length ?? 0) > 0);
  const bodySchema = operation.op.requestBody?.content["application/json"]?.schema;
  const formSchema = operation.op.requestBody?.content["application/x-www-form-urlencoded"]?.schema;
  const security = operation.op.security ?? [];

  const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbitraryFor(p.schema ?? { type: "string" }, { ...ctx, hostility: hostility / 2 }, p.name)])));
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, arbitraryFor(p.schema ?? { type: "string" }, ctx, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const bodyArb: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof({ arbitrary: arbitraryFor(bodySchema, ctx), weight: 19 }, { arbitrary: hostileValue(), weight: 1 })
    : formSchema
      ? arbitraryFor(formSchema, ctx)
      : fc.constant(undefined);

  return fc
    .record({
      path: pathArb,
      query: queryArb,
      body: bodyArb,
      headerValues: fc.record(Object.fromEntries(headerParams.map((p) => [p.name, fc.option(fc.constantFrom(...(world.pools[p.name] as string[])), { freq: 5 })]))),
      alternative: security.length ? fc.integer({ min: 0, max: security.length - 1 }) : fc.constant(-1),
      pick: fc.nat(1000),
      tamper: fc.oneof({ arbitrary: fc.constant(0), weight: 17 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 3 }),
    })
    .map(({ path, query, body, headerValues, alternative, pick, tamper }) => {
      let concrete = operation.template;
      for (const [name, value] of Object.entries(path)) concrete = concrete.replace(`{${name}}`, encodeSegment(stringify(value)));
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, stringify(value));
      const headers: Record<string, string> = {
        ...credentialHeaders(alternative >= 0 ? security[alternative] : undefined, world, pick, tamper, operation.op.operationId ?? ""),
        "x-forwarded-for": randomAddress(),
      };
      for (const [name, value] of Object.entries(headerValues)) if (typeof value === "string") headers[name] = value;
      if (operation.template.includes("/refresh")) headers["x-stack-refresh-token"] = world.creds.refreshTokens[pick % world.creds.refreshTokens.length]!;
      let encoded: string | undefined;
      if (formSchema && body && typeof body === "object") {
        headers["content-type"] = "application/x-www-form-urlencoded";
        encoded = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, stringify(v)])).toString();
      } else if (body !== undefined && METHODS_WITH_BODY.has(operation.method)) {
        headers["content-type"] = "application/json";
        encoded = JSON.stringify(body);
      }
      const qs = search.toString();
      return {
        operation: operation.id,
        method: operation.method.toUpperCase(),
        path: `/api/v1${concrete}${qs ? `?${qs}` : ""}`,
        headers,
        body: encoded,
        checkTemplate: document.paths[concrete]?.[operation.method] ? concrete : operation.template,
        emptyPathSegment: Object.values(path).some((value) => ["", ".", ".."].includes(stringify(value))),
      };
    });
}

/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) UTF-8 bytes instead of throwing. */
function encodeSegment(value: string): string {
  // Array.from splits by code point, so a lone surrogate is the only one-unit surrogate left.
  return Array.from(value, (char) => (/^[\uD800-\uDFFF]$/.test(char) ? "%ED%A0%80" : encodeURIComponent(char))).join("");
}

function stringify(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? "";
}

/** Response validators by template, method and status, compiled once. */
class ResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction | null>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "doc", components: document.components }, "doc");
  }

  /** The problem with this answer, or null when the document allows it. */
  check(template: string, method: string, status: number, contentType: string | null, text: string): string | null {
    if (status >= 500) return `server error ${status}`;
    const op = this.document.paths[template]?.[method.toLowerCase()];
    if (!op) return `no operation ${method} ${template} in the document`;
    const declared = op.responses[String(status)] ?? op.responses.default;
    if (!declared) return `undocumented status ${status} (declared: ${Object.keys(op.responses).join(", ")})`;
    // Refusals Stack Auth answers as a bare sentence are declared as text/plain beside the JSON.
    if (contentType?.includes("text/plain") && declared.content?.["text/plain"]) {
      return text.trim() === "" ? "declared text, got an empty body" : null;
    }
    const schema = declared.content?.["application/json"]?.schema;
    if (!schema) return null;
    // A status may also be declared as a bare answer in plain text (as Stack Auth answers some refusals).
    if (declared.content?.["text/plain"] && contentType?.startsWith("text/plain")) return null;
    if (!contentType?.includes("application/json")) return `declared JSON, got ${contentType ?? "no content type"}`;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return "declared JSON, got unparsable text";
    }
    const key = `${template} ${method} ${status}`;
    if (!this.cache.has(key)) this.cache.set(key, this.ajv.compile(rebase(schema)));
    const validate = this.cache.get(key)!;
    if (validate && !validate(body)) return `body breaks the declared schema: ${this.ajv.errorsText(validate.errors)}`;
    return null;
  }
}

/** `#/components/...` refs point into the document registered as `doc`. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
}

export async function fetchDocument(baseUrl: string): Promise<OpenApiDocument> {
  const res = await fetch(`${baseUrl}/api/v1/openapi.json`);
  return (await res.json()) as OpenApiDocument;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzStats> {
  const document = await fetchDocument(options.baseUrl);
  const operations = operationsOf(document);
  const checker = new ResponseChecker(document);
  const stats: FuzzStats = { requests: 0, byStatus: {}, byOperation: {}, failures: [], dropped: 0, millis: 0 };
  const started = performance.now();
  const perWorld = options.requestsPerWorld ?? 1000;
  let seed = options.seed ?? Date.now();
  const previousByWorker: Array<string | undefined> = [];
  // fast-check builds some tables on first use (seconds for e-mail addresses); pay that before any
  // socket is open, since a long synchronous stretch later would outlive idle keep-alive sockets.
  for (const operation of operations) fc.sample(requestArbitrary(operation, document, PLACEHOLDER_WORLD, options.hostility ?? 0.05), { numRuns: 3, seed: 0 });

  for (let done = 0; done < options.requests; ) {
    const world = await seedWorld(options.baseUrl, options.internal);
    const count = Math.min(perWorld, options.requests - done);
    const arbitraries = operations.map((operation) => requestArbitrary(operation, document, world, options.hostility ?? 0.05));
    // Every operation gets its share; order is shuffled so destructive ones interleave.
    const arbitrary = fc.oneof(...arbitraries);
    const worldSeed = seed++;
    // Generated a few at a time: this process is also the server's and the HTTP client's, and
    // a generation blocking the event loop for seconds outlives the keep-alive timeout of idle
    // sockets the client still means to reuse (a dropped connection of the harness's making).
    const queue: FuzzRequest[] = [];
    let generated = 0;
    let chunk = 0;
    const take = (): FuzzRequest | undefined => {
      if (queue.length === 0 && generated < count) {
        const size = Math.min(GENERATION_CHUNK, count - generated);
        queue.push(...fc.sample(arbitrary, { numRuns: size, seed: worldSeed * 100_003 + chunk++ }));
        generated += size;
      }
      return queue.shift();
    };
    const worker = async (index: number) => {
      for (let request = take(); request; request = take()) {
        previousByWorker[index] = await sendAndCheck(options.baseUrl, request, checker, stats, previousByWorker[index]);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
    done += count;
    stats.millis = performance.now() - started;
    options.onProgress?.(stats);
  }
  stats.millis = performance.now() - started;
  return stats;
}

/** Sends one request and records what came back; returns a one-line summary for the next failure's context. */
async function sendAndCheck(baseUrl: string, request: FuzzRequest, checker: ResponseChecker, stats: FuzzStats, previous?: string): Promise<string> {
  stats.requests += 1;
  const entry = (stats.byOperation[request.operation] ??= { total: 0, success: 0 });
  entry.total += 1;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    text = await res.text();
  } catch (error) {
    stats.dropped += 1;
    stats.failures.push({ request, previous, status: 0, problem: `connection failed: ${(error as Error).cause ?? (error as Error).message}`, body: "" });
    return `${request.method} ${request.path} -> dropped`;
  }
  stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
  if (res.status < 300) entry.success += 1;
  const problem =
    request.emptyPathSegment && res.status === 404 && text.includes('"code":"ROUTE_NOT_FOUND"')
      ? null
      : checker.check(request.checkTemplate, request.method, res.status, res.headers.get("content-type"), text);
  if (problem) stats.failures.push({ request, previous, status: res.status, problem, body: text.slice(0, 500) });
  return `${request.method} ${request.path.slice(0, 200)} (${request.body?.length ?? 0} body chars) -> ${res.status} ${res.headers.get("connection") ?? ""}`;
}

/** Human-readable figures for a run. */
export function describeStats(stats: FuzzStats): string {
  const operations = Object.values(stats.byOperation);
  const reached = operations.filter((o) => o.success > 0).length;
  const lines = [
    `requests: ${stats.requests} in ${(stats.millis / 1000).toFixed(1)} s (${Math.round(stats.requests / (stats.millis / 1000))}/s)`,
    `by status: ${Object.entries(stats.byStatus).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}: ${n}`).join(", ")}`,
    `operations reaching a 2xx: ${reached} of ${operations.length}; 2xx share: ${((100 * operations.reduce((n, o) => n + o.success, 0)) / Math.max(1, stats.requests)).toFixed(1)}%`,
    `failures: ${stats.failures.length} (dropped connections: ${stats.dropped})`,
  ];
  const seen = new Set<string>();
  for (const failure of stats.failures) {
    const key = `${failure.request.operation} ${failure.problem.slice(0, 80)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > 30) break;
    lines.push(`  ${failure.request.method} ${failure.request.path.slice(0, 160)} -> ${failure.status}: ${failure.problem.slice(0, 300)}`);
    if (failure.request.body) lines.push(`    body: ${failure.request.body.slice(0, 300)}`);
    lines.push(`    answer: ${failure.body.slice(0, 300)}`);
    if (failure.previous) lines.push(`    after: ${failure.previous}`);
  }
  return lines.join("\n");
}

export { seedWorld };
