/**
 * Types that tie a test's `call(method, path, { body })` to the published document, from the
 * openapi-typescript output `npm run gen` writes once, for the client library
 * (clients/src/generated/openapi-types.d.ts; a type-only import, erased at run time, which lint
 * allows the test harness alone): a path no operation of that
 * method has, or a JSON body of the wrong shape, is a type error, and the answer's `json` is
 * typed from the operation's documented responses. Paths are written as requested, with their
 * parameters filled in and an optional query string (`/users/${id}?x=1`); each is matched
 * against the templates (`/users/{user_id}`), an exact literal match winning over a template.
 *
 * Tests that send what the document forbids on purpose use `callUntyped`, which takes any path
 * and body and answers `json: any`.
 */
import type { paths } from "@gatehouse/clients/openapi-types";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Template = keyof paths & string;

/** `/users/{user_id}/x` -> `/users/${string}/x`. */
type PathPattern<T extends string> = T extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${PathPattern<Tail>}` : T;

type WithoutQuery<P extends string> = P extends `${infer Path}?${string}` ? Path : P;

type OperationAt<T extends Template, M extends HttpMethod> = Lowercase<M> extends keyof paths[T] ? NonNullable<paths[T][Lowercase<M>]> : never;

/** The templates that have an operation for `M`. */
type TemplatesFor<M extends HttpMethod> = { [T in Template]: [OperationAt<T, M>] extends [never] ? never : T }[Template];

/** The template(s) a requested path resolves to: the literal template if it is one, else every pattern it fits. */
export type MatchedTemplate<M extends HttpMethod, P extends string> =
  WithoutQuery<P> extends TemplatesFor<M>
    ? WithoutQuery<P>
    : { [T in TemplatesFor<M>]: WithoutQuery<P> extends PathPattern<T> ? T : never }[TemplatesFor<M>];

/** `P` itself when it names an operation of method `M`; otherwise a type no string satisfies, naming the problem. */
export type DocumentedPath<M extends HttpMethod, P extends string> = string extends P
  ? `a path known only at run time cannot be checked: write it as a literal or template, or use callUntyped`
  : [MatchedTemplate<M, P>] extends [never]
    ? `no ${M} operation in the document matches this path`
    : P;

export type OperationOf<M extends HttpMethod, P extends string> = MatchedTemplate<M, P> extends infer T extends Template ? OperationAt<T, M> : never;

type JsonContent<C> = C extends { content: { "application/json": infer B } } ? B : never;

type FormContent<C> = C extends { content: { "application/x-www-form-urlencoded": unknown } } ? string : never;

/** The JSON request body the operation takes, or an encoded string for a form body (`never` when it takes none). */
export type RequestBodyOf<M extends HttpMethod, P extends string> =
  OperationOf<M, P> extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> | FormContent<NonNullable<R>> : never;

type Responses<M extends HttpMethod, P extends string> = OperationOf<M, P> extends { responses: infer R } ? R : never;

/** The documented JSON answer bodies, success and errors alike. */
export type AnswerBody<M extends HttpMethod, P extends string> = { [S in keyof Responses<M, P>]: JsonContent<Responses<M, P>[S]> }[keyof Responses<M, P>];

type KeysOfUnion<U> = U extends unknown ? keyof U : never;

/**
 * The documented answers of the operation seen as one object: every key any answer has (the
 * success body's and the known error's `code`, `error`, `details`), so reading a key no answer
 * documents is a type error. The values stay loose (`any`): tests read `json.user_id` after
 * checking the status and `json.code` on a refusal, and assert values at run time. The precise
 * union is `AnswerBody`.
 */
export type AnswerJson<M extends HttpMethod, P extends string> =
  [AnswerBody<M, P>] extends [never]
    ? any
    : Exclude<AnswerBody<M, P>, object> extends never
      ? { [K in KeysOfUnion<AnswerBody<M, P>>]: any }
      : any;
