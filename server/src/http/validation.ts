import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import { KnownError } from "../errors";
import type { AppEnv } from "./env";

/** `body.email: Invalid email address; query.limit: Too big` */
export function describeIssues(error: z.ZodError, target: string): string {
  return error.issues
    .map((issue) => {
      const path = [target, ...issue.path.map(String)].join(".");
      return `${path}: ${issue.message}`;
    })
    .join("; ");
}

/** The one validation hook: every schema failure in any route becomes SCHEMA_ERROR. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    const target = result.target === "json" || result.target === "form" ? "body" : result.target;
    throw new KnownError("SCHEMA_ERROR", { message: describeIssues(result.error as z.ZodError, target) });
  }
};
