import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { storageAdapterFor } from "./storage";

let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  project = await createProjectFixture(t);
});
afterAll(() => t?.close());

describe("the OAuth server's storage", () => {
  it("revokes what a grant issued with it, and keeps an interaction that only names the grant", async () => {
    const Storage = storageAdapterFor(t.db, project.projectId, t.deps.oauthFlowSeal);
    const [grants, tokens, interactions] = [new Storage("Grant"), new Storage("AccessToken"), new Storage("Interaction")];
    const clientId = "oa_AAAAAAAAAAAAAAAAAAAAAA";
    await grants.upsert("grant-1", { clientId, openid: { scope: "openid" } }, 3600);
    await tokens.upsert("token-1", { clientId, grantId: "grant-1" }, 3600);
    // An interaction started on a session whose account had allowed the app (oidc-provider copies the grant's id in).
    await interactions.upsert("interaction-1", { grantId: "grant-1", params: { client_id: clientId } }, 3600);

    // What oidc-provider does when another account answers that interaction: log out, revoking the grant.
    await grants.destroy("grant-1");
    expect(await grants.find("grant-1")).toBeUndefined();
    expect(await tokens.find("token-1")).toBeUndefined();
    expect(await interactions.find("interaction-1")).toMatchObject({ grantId: "grant-1", params: { client_id: clientId } });
  });
});
