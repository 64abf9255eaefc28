/**
 * Microsoft Entra ID's SCIM provisioning, replayed over HTTP against a real server: the requests
 * of Microsoft's "Tutorial: Develop and plan provisioning for a SCIM endpoint" (its request and
 * response examples, and the SCIM validator's checks), in the order the provisioning service
 * sends them: a lookup of an invented user first, creation, PATCH with capitalised ops, filtered
 * paths and booleans as strings, groups looked up without their members, membership PATCHes, and
 * deletion. Written from that documentation; no live Entra tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsStandIn, startServer, type DnsStandIn, type TestServer } from "../harness";
import { api, GROUP_SCHEMA, PATCH_OP, scimClient, sessionOf, teamsOf, teamWithDirectory, tokensWork, USER_SCHEMA } from "../support/scim-idp";

const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";

let server: TestServer;
// Linking an existing account needs its address on a domain the directory's team verified (DNS TXT).
let dns: DnsStandIn;
beforeAll(async () => {
  dns = await startDnsStandIn();
  server = await startServer({ env: { DNS_SERVERS: dns.address } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

/** A fresh domain that `teamId` claims and verifies through the DNS stand-in. */
async function verifiedDomainOf(teamId: string): Promise<string> {
  const domain = `contoso-${crypto.randomUUID().slice(0, 8)}.example`;
  const added = await api(server, "server", "POST", `/teams/${teamId}/sso-domains`, { domain });
  expect(added.status).toBe(201);
  dns.txt.set(added.json.verification_record.name, [added.json.verification_record.value]);
  const verified = await api(server, "server", "POST", `/teams/${teamId}/sso-domains/${added.json.id}/verify`, {});
  expect(verified.status).toBe(200);
  return domain;
}

const filter = (text: string) => encodeURIComponent(text);

describe("Entra ID: users", () => {
  it("answers the invented user's lookup empty, then creates, finds, patches, disables and deletes a user", async () => {
    const { teamId, token } = await teamWithDirectory(server, "Entra customer");
    const scim = scimClient(server, token);

    // 1. The connection test: a user that cannot exist, which must come back as an empty list.
    const invented = await scim("GET", `/Users?filter=${filter(`userName eq "${crypto.randomUUID()}"`)}`);
    expect(invented.status).toBe(200);
    expect(invented.json).toMatchObject({ totalResults: 0, Resources: [] });

    // 2. Creation, with the enterprise extension's schema named and the resource type in meta.
    const suffix = crypto.randomUUID();
    const userName = `Test_User_${suffix}`;
    const objectId = crypto.randomUUID();
    const created = await scim("POST", "/Users", {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId: objectId,
      userName,
      active: true,
      emails: [{ primary: true, type: "work", value: `Test_User_${suffix}@testuser.com` }],
      meta: { resourceType: "User" },
      name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
      roles: [],
    });
    expect(created.status).toBe(201);
    const id: string = created.json.id;
    expect(created.json).toMatchObject({ userName, externalId: objectId, active: true, name: { familyName: "familyName" } });
    expect((await api(server, "server", "GET", `/users/${id}`)).json).toMatchObject({ display_name: "givenName familyName", primary_email: `test_user_${suffix}@testuser.com` });
    expect(await teamsOf(server, id)).toEqual([teamId]);

    // 3. Entra finds it again by its matching attribute (userName) and by the object id it keeps as externalId.
    expect((await scim("GET", `/Users?filter=${filter(`userName eq "${userName}"`)}`)).json.Resources.map((u: { id: string }) => u.id)).toEqual([id]);
    expect((await scim("GET", `/Users?filter=${filter(`externalId eq "${objectId}"`)}`)).json.totalResults).toBe(1);

    // 4. Attribute changes: capitalised ops, a filtered path, a sub-attribute, an extension attribute.
    const newAddress = `updated.${suffix.slice(0, 8)}@testuser.com`;
    const patched = await scim("PATCH", `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: "Replace", path: 'emails[type eq "work"].value', value: newAddress },
        { op: "Replace", path: "name.familyName", value: "updatedFamilyName" },
        { op: "Add", path: `${ENTERPRISE}:department`, value: "Engineering" },
        { op: "Add", path: "title", value: "Engineer" },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      emails: [{ primary: true, type: "work", value: newAddress }],
      name: { formatted: "givenName familyName", familyName: "updatedFamilyName", givenName: "givenName" },
      title: "Engineer",
      [ENTERPRISE]: { department: "Engineering" },
    });
    expect(patched.json.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect((await api(server, "server", "GET", `/users/${id}`)).json.primary_email).toBe(newAddress);
    expect((await scim("GET", `/Users?filter=${filter(`emails[type eq "work"].value eq "${newAddress.toUpperCase()}"`)}`)).json.totalResults).toBe(1);

    // A work address set for the first time by a filtered path becomes a new element.
    const other = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: `Test_User_${crypto.randomUUID()}`, active: true });
    const withAddress = await scim("PATCH", `/Users/${other.json.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: 'emails[type eq "work"].value', value: `first.${suffix.slice(0, 8)}@testuser.com` }],
    });
    expect(withAddress.json.emails).toEqual([{ type: "work", value: `first.${suffix.slice(0, 8)}@testuser.com` }]);

    // 5. Disabling: Entra sends the boolean as the string "False"; the user is out and signed out at once.
    const tokens = await sessionOf(server, id);
    expect(await tokensWork(server, tokens)).toEqual({ me: 200, refresh: 200 });
    const disabled = await scim("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "False" }] });
    expect(disabled.status).toBe(200);
    expect(disabled.json.active).toBe(false);
    expect(await teamsOf(server, id)).toEqual([]);
    expect(await tokensWork(server, tokens)).toEqual({ me: "ACCESS_TOKEN_EXPIRED", refresh: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" });
    const enabled = await scim("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "active", value: "True" }] });
    expect(enabled.json.active).toBe(true);
    expect(await teamsOf(server, id)).toEqual([teamId]);

    // 6. Deletion: signed out, and the user this directory made (in no other team) is gone.
    const last = await sessionOf(server, id);
    expect((await scim("DELETE", `/Users/${id}`)).status).toBe(204);
    expect(await tokensWork(server, last)).toEqual({ me: "ACCESS_TOKEN_EXPIRED", refresh: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" });
    expect((await api(server, "server", "GET", `/users/${id}`)).code).toBe("USER_NOT_FOUND");
    expect((await scim("GET", `/Users/${id}`)).status).toBe(404);
    expect((await scim("GET", `/Users?filter=${filter(`userName eq "${userName}"`)}`)).json.totalResults).toBe(0);
  });

  it("links an existing user with the same verified e-mail on its team's verified domain, and only unlinks them on DELETE", async () => {
    const { teamId, token } = await teamWithDirectory(server, "Linking");
    const scim = scimClient(server, token);
    const email = `existing.${crypto.randomUUID().slice(0, 8)}@${await verifiedDomainOf(teamId)}`;
    const existing = await api(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, display_name: "Own Name" });
    expect(existing.status).toBe(201);
    const created = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: email, displayName: "Directory Name", emails: [{ value: email, type: "work", primary: true }], active: true });
    expect(created.status).toBe(201);
    expect(created.json.id).toBe(existing.json.id);
    expect(await teamsOf(server, existing.json.id)).toContain(teamId);
    // The account is the person's own: the directory's name does not replace theirs.
    expect((await api(server, "server", "GET", `/users/${existing.json.id}`)).json.display_name).toBe("Own Name");
    expect((await scim("DELETE", `/Users/${created.json.id}`)).status).toBe(204);
    expect((await api(server, "server", "GET", `/users/${existing.json.id}`)).status).toBe(200);
    expect(await teamsOf(server, existing.json.id)).not.toContain(teamId);
  });

  it("refuses to link an existing account whose address is on no domain of its team, or another team's", async () => {
    const { teamId, token } = await teamWithDirectory(server, "Not ours");
    const other = await teamWithDirectory(server, "Owner of the domain");
    const scim = scimClient(server, token);
    for (const domain of ["unclaimed.example", await verifiedDomainOf(other.teamId)]) {
      const email = `someone.${crypto.randomUUID().slice(0, 8)}@${domain}`;
      const existing = await api(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true });
      expect(existing.status).toBe(201);
      const created = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: email, emails: [{ value: email, type: "work" }], active: true });
      expect(created.status).toBe(409);
      expect(created.json).toMatchObject({ status: "409", scimType: "uniqueness" });
      expect(await teamsOf(server, existing.json.id)).not.toContain(teamId);
    }
  });

  it("refuses to link when the existing user's address is unverified (the OAuth merge rule)", async () => {
    const { teamId, token } = await teamWithDirectory(server, "No link");
    const email = `unverified.${crypto.randomUUID().slice(0, 8)}@${await verifiedDomainOf(teamId)}`;
    await api(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: false, primary_email_auth_enabled: true });
    const created = await scimClient(server, token)("POST", "/Users", { schemas: [USER_SCHEMA], userName: email, emails: [{ value: email, type: "work" }] });
    expect(created.status).toBe(409);
    expect(created.json).toMatchObject({ status: "409", scimType: "uniqueness" });
  });
});

describe("Entra ID: groups", () => {
  it("looks the group up without members, creates it, adds and removes members, renames and deletes it", async () => {
    const { token } = await teamWithDirectory(server, "Entra groups");
    const scim = scimClient(server, token);
    const member = await scim("POST", "/Users", { schemas: [USER_SCHEMA], userName: `Test_User_${crypto.randomUUID()}`, active: true });
    const memberId: string = member.json.id;
    const displayName = `Group ${crypto.randomUUID()}`;

    const lookup = await scim("GET", `/Groups?excludedAttributes=members&filter=${filter(`displayName eq "${displayName}"`)}`);
    expect(lookup.json).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim("POST", "/Groups", {
      schemas: [GROUP_SCHEMA, "http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group"],
      externalId: crypto.randomUUID(),
      displayName,
      meta: { resourceType: "Group" },
    });
    expect(created.status).toBe(201);
    const groupId: string = created.json.id;

    const withoutMembers = await scim("GET", `/Groups/${groupId}?excludedAttributes=members`);
    expect(withoutMembers.json).toMatchObject({ id: groupId, displayName });
    expect(withoutMembers.json).not.toHaveProperty("members");
    const found = await scim("GET", `/Groups?excludedAttributes=members&filter=${filter(`displayName eq "${displayName}"`)}`);
    expect(found.json.Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    expect(found.json.Resources[0].id).toBe(groupId);

    const added = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "Add", path: "members", value: [{ $ref: null, value: memberId }] }] });
    expect(added.status).toBe(200);
    expect((await scim("GET", `/Groups/${groupId}`)).json.members.map((m: { value: string }) => m.value)).toEqual([memberId]);
    // A member not provisioned by this directory cannot be added.
    const stranger = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "Add", path: "members", value: [{ value: crypto.randomUUID() }] }] });
    expect(stranger.json).toMatchObject({ status: "400", scimType: "invalidValue" });

    const removed = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "Remove", path: "members", value: [{ $ref: null, value: memberId }] }] });
    expect(removed.status).toBe(200);
    expect((await scim("GET", `/Groups/${groupId}`)).json.members).toEqual([]);

    const renamed = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "Replace", path: "displayName", value: `${displayName}updatedDisplayName` }] });
    expect(renamed.json.displayName).toBe(`${displayName}updatedDisplayName`);

    const duplicate = await scim("POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: `${displayName}UPDATEDDISPLAYNAME` });
    expect(duplicate.json).toMatchObject({ status: "409", scimType: "uniqueness" });

    expect((await scim("DELETE", `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim("GET", `/Groups/${groupId}`)).status).toBe(404);
  });
});
