/**
 * The Prism-mock half of a contract area: for every operation of the area (see
 * operations.ts) the mock of the committed document must answer its documented success
 * with an example that validates, enforce the declared security requirements, refuse
 * bodies the schema forbids, and produce each documented error response as a known error.
 * Prism validates everything it generates, so an example that breaks its own schema shows
 * up as a violation here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUrl, expectMockRefusal, expectValidMockAnswer, type Credentials, type HttpResult } from "./http";
import { deref, operation, securityAlternatives } from "./openapi-document";
import { OPERATIONS, type AreaName, type OperationSample } from "./operations";
import { startPrism, type PrismInstance } from "./prism";

const MOCK_PROJECT = "internal";
export const MOCK_CREDS = {
  client: { projectId: MOCK_PROJECT, accessType: "client", publishableKey: "pck_mock", accessToken: "mock-access-token" },
  server: { projectId: MOCK_PROJECT, accessType: "server", secretKey: "ssk_mock" },
  admin: { projectId: MOCK_PROJECT, accessType: "admin", adminKey: "sak_mock" },
  adminToken: { projectId: MOCK_PROJECT, accessType: "admin", adminAccessToken: "mock-admin-access-token" },
} satisfies Record<string, Credentials>;

/** Starts one Prism mock for the enclosing describe block. */
export function useMockPrism(): { readonly prism: PrismInstance } {
  let prism: PrismInstance | undefined;
  beforeAll(async () => {
    prism = await startPrism({ mode: "mock", errors: true });
  });
  afterAll(async () => {
    await prism?.close();
  });
  return {
    get prism() {
      if (!prism) throw new Error("the Prism mock is not running");
      return prism;
    },
  };
}

function send(prism: PrismInstance, sample: OperationSample, creds: Credentials | undefined, overrides: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const json = "json" in overrides ? overrides.json : sample.json;
  const form = "form" in overrides ? overrides.form : sample.form;
  return callUrl(prism.url, sample.method.toUpperCase(), sample.path, { creds, body: json, form, headers: overrides.headers });
}

function credsFor(sample: OperationSample): Credentials | undefined {
  if (sample.access === "public") return undefined;
  return MOCK_CREDS[sample.access];
}

function expectSuccess(res: HttpResult, sample: OperationSample) {
  expectValidMockAnswer(res, sample.success);
  if (sample.successType === "redirect") return;
  expect(res.headers.get("content-type") ?? "").toContain(sample.successType ?? "application/json");
  if ((sample.successType ?? "application/json") === "application/json") expect(typeof res.json).toBe("object");
}

/** Registers the mock checks for every operation of one area. */
export function describeMockContract(area: AreaName): void {
  // The mock does not depend on the server's database: the plain contract project covers it.
  if (process.env.GATEHOUSE_CONTRACT_POOLER) return;
  describe(`${area}: the Prism mock of openapi.json`, () => {
    const mock = useMockPrism();

    for (const sample of OPERATIONS[area]) {
      describe(`${sample.operationId} (${sample.method.toUpperCase()} ${sample.template})`, () => {
        const op = operation(sample.template, sample.method);
        const bodyType = sample.form ? "application/x-www-form-urlencoded" : "application/json";
        // 429 is the rate limiter's answer, not a known error; it is checked on its own below.
        // Plain-text errors (errors/status-error.ts) are answers, not known errors: only statuses with a JSON body are checked as such.
        const errorStatuses = Object.keys(op.responses)
          .map(Number)
          .filter((s) => s >= 400 && s !== 429 && op.responses[s]!.content?.["application/json"] !== undefined);

        it("is documented under this operationId", () => {
          expect(op.operationId).toBe(sample.operationId);
        });

        it(`answers ${sample.success} with an example that validates against its schema`, async () => {
          expectSuccess(await send(mock.prism, sample, credsFor(sample)), sample);
        });

        if (sample.access === "public") {
          it("declares no security requirement and answers without credentials", async () => {
            expect(op.security).toEqual([]);
            expectSuccess(await send(mock.prism, sample, undefined), sample);
          });
        } else {
          it("requires x-stack-project-id", async () => {
            const { projectId: _dropped, ...rest } = credsFor(sample)!;
            const res = await callUrl(mock.prism.url, sample.method.toUpperCase(), sample.path, {
              headers: authHeadersWithout(rest),
              body: sample.json,
              form: sample.form,
            });
            expectMockRefusal(res, 401);
          });

          it("requires x-stack-access-type", async () => {
            const res = await send(mock.prism, sample, { ...credsFor(sample)!, accessType: undefined });
            expectMockRefusal(res, 401);
          });

          it("declares every alternative with both the project id and the access type", () => {
            const alternatives = securityAlternatives(op);
            expect(alternatives.length).toBeGreaterThan(0);
            for (const alt of alternatives) expect(alt).toEqual(expect.arrayContaining(["x-stack-access-type", "x-stack-project-id"]));
          });
        }

        if (sample.access === "client") {
          it("admits client, server and admin credentials", async () => {
            for (const creds of [MOCK_CREDS.client, MOCK_CREDS.server, MOCK_CREDS.admin, MOCK_CREDS.adminToken]) {
              expectSuccess(await send(mock.prism, sample, creds), sample);
            }
            const minimal = { projectId: MOCK_PROJECT, accessType: "client" };
            expectSuccess(await send(mock.prism, sample, minimal), sample);
          });
        }

        if (sample.access === "server") {
          it("admits server and admin credentials, not client ones", async () => {
            for (const creds of [MOCK_CREDS.server, MOCK_CREDS.admin, MOCK_CREDS.adminToken]) {
              expectSuccess(await send(mock.prism, sample, creds), sample);
            }
            expectMockRefusal(await send(mock.prism, sample, MOCK_CREDS.client), 401);
            expectMockRefusal(await send(mock.prism, sample, { ...MOCK_CREDS.server, secretKey: undefined }), 401);
          });
        }

        if (sample.access === "admin") {
          it("admits only admin credentials (the admin key or an admin access token)", async () => {
            expectSuccess(await send(mock.prism, sample, MOCK_CREDS.adminToken), sample);
            expectMockRefusal(await send(mock.prism, sample, MOCK_CREDS.client), 401);
            expectMockRefusal(await send(mock.prism, sample, MOCK_CREDS.server), 401);
            expectMockRefusal(await send(mock.prism, sample, { ...MOCK_CREDS.admin, adminKey: undefined }), 401);
          });
        }

        const sampleBody = sample.json ?? sample.form;
        if (sampleBody) {
          const schema = deref(op.requestBody!.content[bodyType]!.schema);
          const refusal = errorStatuses.includes(400) ? 400 : 422;

          // Prism decodes a form body through its schema's known properties only, so it cannot
          // see unknown form keys; the JSON bodies are where additionalProperties is enforced.
          if (schema.additionalProperties === false && !sample.form) {
            it("refuses an unknown body key", async () => {
              const res = await send(mock.prism, sample, credsFor(sample), { json: { ...sampleBody, not_in_the_schema: "x" } });
              expectRefusal(res, refusal);
            });
          }

          for (const key of (schema.required as string[] | undefined) ?? []) {
            it(`refuses a body without its required "${key}"`, async () => {
              const { [key]: _dropped, ...body } = sampleBody as Record<string, unknown>;
              const res = await send(mock.prism, sample, credsFor(sample), sample.form ? { form: body as Record<string, string> } : { json: body });
              expectRefusal(res, refusal);
            });
          }
        }

        if (op.responses[429]) {
          it("documents its rate-limit answer with Retry-After", () => {
            expect(op.responses[429]!.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/RateLimited" });
            expect(Object.keys(op.responses[429]!.headers ?? {})).toEqual(["Retry-After"]);
          });
        }

        for (const status of errorStatuses) {
          it(`documents its ${status} answer as a known error`, async () => {
            const ref = op.responses[status]!.content?.["application/json"]?.schema?.$ref as string | undefined;
            expect(ref).toMatch(/^#\/components\/schemas\/(Public)?KnownError\d{3}\w*$/);
            const description = op.responses[status]!.description;
            expect(description).toMatch(/^Known error: [A-Z_]+(, [A-Z_]+)*$/);
            // The schema's code enum is exactly the set the description names.
            const codes = description.slice("Known error: ".length).split(", ");
            expect(deref({ $ref: ref }).properties.code.enum).toEqual(codes);
            const res = await send(mock.prism, sample, credsFor(sample), { headers: { prefer: `code=${status}` } });
            expectValidMockAnswer(res, status);
            expect(res.json).toEqual({ code: expect.any(String), error: expect.any(String), details: expect.any(Object) });
            expect(codes).toContain(res.json.code);
          });
        }
      });
    }
  });
}

function expectRefusal(res: HttpResult, status: 400 | 422) {
  if (status === 400) expectMockRefusal(res, 400);
  else expect(res.status).toBe(422);
}

function authHeadersWithout(creds: Omit<Credentials, "projectId">): Record<string, string> {
  // Credentials always carry a project id; build the rest of the headers by hand.
  const headers: Record<string, string> = {};
  if (creds.accessType) headers["x-stack-access-type"] = creds.accessType;
  if (creds.publishableKey) headers["x-stack-publishable-client-key"] = creds.publishableKey;
  if (creds.secretKey) headers["x-stack-secret-server-key"] = creds.secretKey;
  if (creds.adminKey) headers["x-stack-super-secret-admin-key"] = creds.adminKey;
  if (creds.adminAccessToken) headers["x-stack-admin-access-token"] = creds.adminAccessToken;
  if (creds.accessToken) headers["x-stack-access-token"] = creds.accessToken;
  return headers;
}
