/**
 * The typed call() is checked by the compiler (`npm run typecheck` compiles this file): each
 * `@ts-expect-error` below fails the typecheck if the line it marks stops being an error.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { call, callUntyped, createProjectFixture, type AnswerJson, type MatchedTemplate, type RequestBodyOf } from "./fixtures";
import { useSharedTestApp } from "./shared-app";

const app = useSharedTestApp();

describe("the typed call()", () => {
  it("resolves requested paths to the document's templates, a literal template winning", () => {
    expectTypeOf<MatchedTemplate<"GET", "/users/me">>().toEqualTypeOf<"/users/me">();
    expectTypeOf<MatchedTemplate<"GET", `/users/${string}`>>().toEqualTypeOf<"/users/{user_id}">();
    expectTypeOf<MatchedTemplate<"GET", "/users/3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11">>().toEqualTypeOf<"/users/{user_id}">();
    expectTypeOf<MatchedTemplate<"GET", "/auth/sessions?user_id=me">>().toEqualTypeOf<"/auth/sessions">();
    expectTypeOf<MatchedTemplate<"PUT", "/users/me">>().toEqualTypeOf<never>();
  });

  it("types bodies and answers from the document", () => {
    expectTypeOf<RequestBodyOf<"POST", "/auth/password/sign-in">>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<AnswerJson<"POST", "/auth/password/sign-up">>().toHaveProperty("access_token");
    expectTypeOf<AnswerJson<"POST", "/auth/password/sign-up">>().toHaveProperty("code");
    expectTypeOf<AnswerJson<"POST", "/auth/password/sign-up">>().not.toHaveProperty("acces_token");
  });

  it("refuses unknown paths and ill-shaped bodies at compile time, and callUntyped sends them", async () => {
    const t = app();
    const project = await createProjectFixture(t);
    const creds = project.client;

    // @ts-expect-error: no such operation
    await call(t, "GET", "/user/me", { creds });
    // @ts-expect-error: /users/me has no PUT
    await call(t, "PUT", "/users/me", { creds });
    // @ts-expect-error: sign-in takes email and password
    await call(t, "POST", "/auth/password/sign-in", { creds, body: { email: "a@example.com" } });
    // @ts-expect-error: password is a string
    await call(t, "POST", "/auth/password/sign-in", { creds, body: { email: "a@example.com", password: 1 } });
    const signedIn = await call(t, "POST", "/auth/password/sign-in", { creds, body: { email: project.user.email, password: project.user.password } });
    // @ts-expect-error: not a key of any documented answer
    expect(signedIn.json.acces_token).toBeUndefined();
    expect(signedIn.json.user_id).toBe(project.user.userId);

    const refused = await callUntyped(t, "POST", "/auth/password/sign-in", { creds, body: { email: "a@example.com" } });
    expect(refused.json.code).toBe("SCHEMA_ERROR");
  });
});
