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
  return callUrl(prism.url, sample.method.toUpperCase(), sample.path, { creds, body: json, form, headers: { ...sample.headers, ...overrides.headers } });
}

function credsFor(sample: OperationSample): Credentials | undefined {
  if (sample.access === "public" || sample.access === "optional") return undefined;
  return MOCK_CREDS[sample.access];
}

function expectSuccess(res: HttpResult, sample: OperationSample) {
  expectValidMockAnswer(res, sample.success);
  if (sample.successType === "redirect") return;
  if (sample.successType === "none") return expect(res.text).toBe("");
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
        const errorStatuses = Object.keys(op.responses).map(Number).filter((s) => s >= 400 && s !== 429);

        it("is documented under this operationId", () => {
          expect(op.operationId).toBe(sample.operationId);
        });

        it(`answers ${sample.success} with an example that validates against its schema`, async () => {
          expectSuccess(await send(mock.prism, sample, credsFor(sample)), sample);
        });

        if (sample.access === "public") {
          it("declares no security requirement and answers without credentials", async () => {
            // None at all, or an empty alternative beside the optional ones (GET /api/v1 reads headers when sent).
            expect(op.security?.length === 0 || op.security?.some((alternative: object) => Object.keys(alternative).length === 0)).toBe(true);
            expectSuccess(await send(mock.prism, sample, undefined), sample);
          });
        } else if (sample.access === "optional") {
          it("declares an anonymous alternative beside the project ones, and answers without credentials or with them", async () => {
            expect(op.security![0]).toEqual({});
            for (const alt of securityAlternatives(op).slice(1)) expect(alt).toEqual(expect.arrayContaining(["x-stack-access-type", "x-stack-project-id"]));
            expectSuccess(await send(mock.prism, sample, undefined), sample);
            expectSuccess(await send(mock.prism, sample, MOCK_CREDS.server), sample);
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
          it(`documents its ${status} answer as a known error or a sentence`, async () => {
            const content = op.responses[status]!.content ?? {};
            // "Known error: A, B" and/or "As text: …" (errors/define.ts, plainError), joined by ". ".
            const [knownPart, textPart] = splitErrorDescription(op.responses[status]!.description);
            expect(Boolean(content["application/json"])).toBe(knownPart !== null);
            expect(Boolean(content["text/plain"])).toBe(textPart !== null);
            if (knownPart !== null) {
              const ref = content["application/json"]?.schema?.$ref as string | undefined;
              // Named by its status and codes, or past two own codes by its operation and status.
              const byOperation = `#/components/schemas/${sample.operationId.charAt(0).toUpperCase()}${sample.operationId.slice(1)}Error${status}`;
              if (ref !== byOperation) expect(ref).toMatch(/^#\/components\/schemas\/(Public)?KnownError\d{3}\w*$/);
              expect(knownPart).toMatch(/^[A-Z_]+(, [A-Z_]+)*$/);
              // The schema's code enum is exactly the set the description names.
              const codes = knownPart.split(", ");
              expect(deref({ $ref: ref }).properties.code.enum).toEqual(codes);
              const res = await send(mock.prism, sample, credsFor(sample), { headers: { prefer: `code=${status}`, accept: "application/json" } });
              expectValidMockAnswer(res, status);
              expect(res.json).toMatchObject({ code: expect.any(String), error: expect.any(String) });
              expect(codes).toContain(res.json.code);
            }
            if (textPart !== null) {
              expect(content["text/plain"]?.schema).toMatchObject({ type: "string" });
              const res = await send(mock.prism, sample, credsFor(sample), { headers: { prefer: `code=${status}`, accept: "text/plain" } });
              expectValidMockAnswer(res, status);
              expect(typeof res.json === "string" ? res.json : res.text).toEqual(expect.any(String));
            }
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

/** The two parts of an error response's description: the known-error codes, and the sentences answered as text. */
function splitErrorDescription(description: string): [string | null, string | null] {
  const known = /^Known error: ([A-Z_, ]+?)(?:\. As text: |$)/.exec(description)?.[1] ?? null;
  const text = /(?:^|\. )As text: (.+)$/.exec(description)?.[1] ?? null;
  return [known, text];
}
