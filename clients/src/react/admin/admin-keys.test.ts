import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminKeys } from "./admin-keys";

/** The keys a cache holds after invalidating `prefix`, marked stale or not. */
async function staleAfter(keys: QueryKey[], prefix: QueryKey): Promise<Record<string, boolean>> {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, "read");
  await client.invalidateQueries({ queryKey: prefix });
  return Object.fromEntries(keys.map((key) => [JSON.stringify(key), client.getQueryState(key)?.isInvalidated ?? false]));
}

describe("adminKeys", () => {
  const a = adminKeys("project-a");
  const b = adminKeys("project-b");

  it("keeps two projects' reads apart", async () => {
    const stale = await staleAfter([a.userList({ limit: 50 }), b.userList({ limit: 50 })], a.all());
    expect(stale).toEqual({ [JSON.stringify(a.userList({ limit: 50 }))]: true, [JSON.stringify(b.userList({ limit: 50 }))]: false });
  });

  it("nests a user's e-mails, sessions and keys under the user, apart from the record and from other users", async () => {
    const keys = [a.userDetail("u1"), a.userEmails("u1"), a.userSessions("u1"), a.userApiKeys("u1"), a.userDetail("u2"), a.userList()];
    expect(Object.values(await staleAfter(keys, a.user("u1")))).toEqual([true, true, true, true, false, false]);
    expect(Object.values(await staleAfter(keys, a.userDetail("u1")))).toEqual([true, false, false, false, false, false]);
  });

  it("covers every page and filter of a list with the list's key without parameters", async () => {
    const keys = [a.userList({ limit: 25, query: "ada" }), a.userList({ limit: 50 }), a.userDetail("u1")];
    expect(Object.values(await staleAfter(keys, a.userList()))).toEqual([true, true, false]);
  });

  it("refreshes a customer's items and products by the customer's key, and no other customer's", async () => {
    const keys = [a.customerItem("user", "u1", "credits"), a.customerProducts("user", "u1"), a.customerItem("user", "u2", "credits"), a.transactions()];
    expect(Object.values(await staleAfter(keys, a.customer("user", "u1")))).toEqual([true, true, false, false]);
  });

  it("keeps a team's SSO connections and domains under the team's SSO key, apart from another team's", async () => {
    const keys = [a.ssoConnections("t1"), a.ssoDomains("t1"), a.ssoConnections("t2"), a.teamList(), a.ssoPortalLinks("t1")];
    expect(Object.values(await staleAfter(keys, a.sso("t1")))).toEqual([true, true, false, false, true]);
    expect(Object.values(await staleAfter(keys, a.ssoDomains("t1")))).toEqual([false, true, false, false, false]);
  });

  it("keeps a team's member list and one member under the team's members", async () => {
    const keys = [a.teamMembers("t1"), a.teamMember("t1", "u1"), a.teamMembers("t2"), a.teamList()];
    expect(Object.values(await staleAfter(keys, a.teamMembers("t1")))).toEqual([true, true, false, false]);
    expect(Object.values(await staleAfter(keys, a.teamMembers()))).toEqual([true, true, true, false]);
  });

  it("keeps the OAuth apps' list and each app under the apps' key, and a user's connected apps under the user", async () => {
    const keys = [a.oauthAppList(), a.oauthApp("oa_1"), a.oauthApp("oa_2"), a.userOAuthConnections("u1"), a.userOAuthConnections("u2"), b.oauthAppList()];
    expect(Object.values(await staleAfter(keys, a.oauthApps()))).toEqual([true, true, true, false, false, false]);
    expect(Object.values(await staleAfter(keys, a.oauthApp("oa_1")))).toEqual([false, true, false, false, false, false]);
    expect(Object.values(await staleAfter(keys, a.oauthAppList()))).toEqual([true, false, false, false, false, false]);
    // Deleting an app changes every user's connections: the users' key covers them, not the apps'.
    expect(Object.values(await staleAfter(keys, a.users()))).toEqual([false, false, false, true, true, false]);
    expect(Object.values(await staleAfter(keys, a.user("u1")))).toEqual([false, false, false, true, false, false]);
  });

  it("keeps the SCIM directories' lists and each directory's groups under the SCIM key", async () => {
    const keys = [a.scimDirectoryList(), a.scimDirectoryList({ team_id: "t1" }), a.scimDirectoryGroups("d1"), a.scimDirectoryGroups("d2"), b.scimDirectoryList()];
    expect(Object.values(await staleAfter(keys, a.scim()))).toEqual([true, true, true, true, false]);
    expect(Object.values(await staleAfter(keys, a.scimDirectoryList()))).toEqual([true, true, false, false, false]);
    expect(Object.values(await staleAfter(keys, a.scimDirectory("d1")))).toEqual([false, false, true, false, false]);
  });
});
