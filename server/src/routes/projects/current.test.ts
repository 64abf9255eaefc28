import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: { magic_link_enabled: true, domains: [{ domain: "https://app.example.com", handler_path: "/auth" }] } });
});

describe("GET /projects/current", () => {
  it("tells a client what a sign-in page needs and nothing secret (not the Gatehouse-only anonymous switch)", async () => {
    const res = await call(t, "GET", "/projects/current", { creds: project.client });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: project.projectId,
      display_name: "Fixture project",
      config: {
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: false,
        client_team_creation_enabled: false,
        client_user_deletion_enabled: false,
        allow_localhost: true,
        allow_user_api_keys: false,
        allow_team_api_keys: false,
        enabled_oauth_providers: [],
        domains: [{ domain: "https://app.example.com", handler_path: "/auth" }],
      },
    });
  });
});

describeSecurity({ operationId: "getCurrentProject", method: "GET", path: "/projects/current", access: ["client", "server", "admin"] });
