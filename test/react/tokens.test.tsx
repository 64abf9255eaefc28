import { useSessions, useTeams, useUser } from "@gatehouse/clients/react";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { hookServer, signedUpSession, wrapperFor } from "./support";

const server = hookServer;

/** An access token the client reads as expired (its signature is never checked: it is never sent). */
function expiredLookingToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${encode({ alg: "ES256" })}.${encode({ exp: Math.floor(Date.now() / 1000) - 60 })}.signature`;
}

describe("tokens behind the hooks", () => {
  it("refreshes an expired access token once for every read a page starts at the same time, and keeps the refresh token", async () => {
    const signedIn = await signedUpSession(server(), "hook-refresh");
    signedIn.session.setTokens({ accessToken: expiredLookingToken(), refreshToken: signedIn.refreshToken });
    const { Wrapper } = wrapperFor(signedIn.session);
    const { result } = renderHook(() => ({ user: useUser({ or: "throw" }), teams: useTeams(), sessions: useSessions() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.user.id).toBe(signedIn.userId));
    expect(result.current.sessions).toHaveLength(1);
    expect(signedIn.requests.filter((request) => request === "POST /auth/oauth/token")).toHaveLength(1);
    expect(signedIn.requests.indexOf("POST /auth/oauth/token")).toBe(0);
    expect(signedIn.session.refreshToken()).toBe(signedIn.refreshToken);
  });

  it("uses a fresh access token as it is, with no refresh", async () => {
    const signedIn = await signedUpSession(server(), "hook-fresh");
    const { Wrapper } = wrapperFor(signedIn.session);
    const { result } = renderHook(() => useUser({ or: "throw" }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.id).toBe(signedIn.userId));
    expect(signedIn.requests).toEqual(["GET /users/me"]);
  });
});
