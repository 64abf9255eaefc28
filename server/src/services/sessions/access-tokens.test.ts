import { beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";
import { AccessTokenVerifier } from "./access-tokens";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("access tokens from a process with another PUBLIC_URL", () => {
  it("are refused as UNPARSABLE_ACCESS_TOKEN, and the log says the issuers differ, once per issuer", async () => {
    const warnings: Array<{ message: string; fields?: Record<string, unknown> }> = [];
    const otherNode = new AccessTokenVerifier(t.deps.signingKeys, "http://other-node:9999", t.deps.revokedSessions, {
      warn: (message, fields) => warnings.push({ message, fields }),
    });
    for (let i = 0; i < 3; i++) {
      await expect(otherNode.verify(project.projectId, project.user.accessToken)).rejects.toMatchObject({ code: "UNPARSABLE_ACCESS_TOKEN" });
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("PUBLIC_URL");
    expect(warnings[0]!.fields).toEqual({
      token_issuer: `http://localhost:8102/api/v1/projects/${project.projectId}`,
      expected_issuer: `http://other-node:9999/api/v1/projects/${project.projectId}`,
    });
    // The same token verifies where PUBLIC_URL matches.
    await expect(t.deps.accessTokens.verify(project.projectId, project.user.accessToken)).resolves.toMatchObject({ sub: project.user.userId });
  });
});
