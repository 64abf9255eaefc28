import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";

/**
 * Stack Auth's local emulator binds a project to a `stack.config.ts` on the developer's disk
 * and serves its branch configuration from that file. Gatehouse has no such mode (a server
 * reading configuration from arbitrary paths of its own disk is not something it offers), so
 * the route answers as Stack Auth's does when the mode is off.
 */
const LocalEmulatorProjectBody = z.strictObject({ absolute_file_path: z.string().max(4096) }).openapi("LocalEmulatorProjectRequest");

const localEmulatorProjectRoute = authenticatedRoute(CLIENT_AND_UP, ["EXPECTED_INTERNAL_PROJECT", "LOCAL_EMULATOR_NOT_AVAILABLE"], {
  operationId: "createLocalEmulatorProject",
  method: "post",
  path: "/internal/local-emulator/project",
  tags: ["Projects"],
  summary: "Stack Auth's local emulator: not offered",
  description:
    "Call on the internal project. Stack Auth creates a project bound to a config file on the server's disk here, in its " +
    "local emulator mode only; Gatehouse has no such mode and always answers 400, as Stack Auth does with the mode off.",
  request: { body: jsonBody(LocalEmulatorProjectBody) },
  responses: {},
});

export function registerLocalEmulatorRoutes(router: Router): void {
  router.openapi(localEmulatorProjectRoute, (c) => {
    if (c.var.auth.tenancy.projectId !== "internal") throw new KnownError("EXPECTED_INTERNAL_PROJECT");
    throw new KnownError("LOCAL_EMULATOR_NOT_AVAILABLE");
  });
}
