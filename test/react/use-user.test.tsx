import {
  ANONYMOUS_SIGN_UP_FAILED_MESSAGE,
  USER_REQUIRED_MESSAGE,
  useSignInWithPassword,
  useSignOut,
  useUser,
  type NoUserBehaviour,
} from "@gatehouse/clients/react";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminHeaders, api, countingSession, hookServer, PASSWORD, quietErrors, signedUpSession, uniqueEmail, wrapperFor } from "./support";

const server = hookServer;

function UserName({ or }: { or?: NoUserBehaviour }) {
  const user = useUser({ or });
  return <p>{user ? `user:${user.primary_email ?? user.id}:${user.is_anonymous ? "anonymous" : "registered"}` : "no user"}</p>;
}

describe("useUser", () => {
  it("is null without a session, and reads nothing from the server", async () => {
    const { session, requests } = countingSession(server());
    const { Wrapper } = wrapperFor(session);
    render(<UserName />, { wrapper: Wrapper });
    await screen.findByText("no user");
    expect(requests).toEqual([]);
  });

  it("is the user once a sign-in mutation succeeds: the sign-in resets the cached reads", async () => {
    const email = uniqueEmail("hook-sign-in");
    await api(server(), "POST", "/auth/password/sign-up", { email, password: PASSWORD });
    const { session } = countingSession(server());
    const navigate = vi.fn();
    const { Wrapper } = wrapperFor(session, { navigate });
    const { result } = renderHook(() => ({ user: useUser(), signIn: useSignInWithPassword() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.user).toBeNull());

    await act(() => result.current.signIn.mutateAsync({ data: { email, password: PASSWORD } }));
    await waitFor(() => expect(result.current?.user?.primary_email).toBe(email));
    // Sign-in goes to the after-sign-in page, home by default.
    expect(navigate).toHaveBeenCalledWith("/", { replace: true });
  });

  it("with or: throw, throws SPEC's message when nobody is signed in", async () => {
    const { session } = countingSession(server());
    const onError = vi.fn();
    const { Wrapper } = wrapperFor(session, { onError });
    const restore = quietErrors();
    render(<UserName or="throw" />, { wrapper: Wrapper });
    await screen.findByText("failed");
    restore();
    expect((onError.mock.calls[0]?.[0] as Error).message).toBe(USER_REQUIRED_MESSAGE);
    expect(USER_REQUIRED_MESSAGE).toBe("User is not signed in but useUser was called with { or: 'throw' }");
  });

  it("with or: redirect, sends the browser to sign in with the way back, and shows nothing meanwhile", async () => {
    window.history.replaceState(null, "", "/handler/account-settings?tab=1#emails");
    const { session } = countingSession(server());
    const navigate = vi.fn();
    const { Wrapper } = wrapperFor(session, { navigate });
    render(<UserName or="redirect" />, { wrapper: Wrapper });
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(navigate).toHaveBeenCalledWith(
      `/handler/sign-in?after_auth_return_to=${encodeURIComponent("/handler/account-settings?tab=1#emails")}`,
      { replace: true },
    );
    expect(screen.getByText("loading")).toBeTruthy();
  });

  it("with or: anonymous, signs up one anonymous user for every component asking at once; others still see no user", async () => {
    const { session, requests } = countingSession(server());
    const { Wrapper } = wrapperFor(session);
    render(
      <>
        <UserName or="anonymous" />
        <UserName or="anonymous" />
      </>,
      { wrapper: Wrapper },
    );
    const shown = await screen.findAllByText(/^user:.*:anonymous$/);
    expect(shown).toHaveLength(2);
    expect(requests.filter((request) => request === "POST /auth/anonymous/sign-up")).toHaveLength(1);

    const { Wrapper: Plain } = wrapperFor(session);
    render(<UserName />, { wrapper: Plain });
    await screen.findByText("no user");
  });

  it("with or: anonymous, throws SPEC's message when the anonymous sign-up is refused", async () => {
    await api(server(), "PATCH", "/internal/projects/current", { config: { anonymous_sign_up_enabled: false } }, adminHeaders(server()));
    try {
      const { session } = countingSession(server());
      const onError = vi.fn();
      const { Wrapper } = wrapperFor(session, { onError });
      const restore = quietErrors();
      render(<UserName or="anonymous" />, { wrapper: Wrapper });
      await screen.findByText("failed");
      restore();
      expect((onError.mock.calls[0]?.[0] as Error).message).toBe(ANONYMOUS_SIGN_UP_FAILED_MESSAGE);
    } finally {
      await api(server(), "PATCH", "/internal/projects/current", { config: { anonymous_sign_up_enabled: true } }, adminHeaders(server()));
    }
  });

  it("becomes null when the session is revoked elsewhere and the user is read again", async () => {
    const signedIn = await signedUpSession(server(), "hook-revoked");
    const { Wrapper, queryClient } = wrapperFor(signedIn.session);
    const { result } = renderHook(() => useUser(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.id).toBe(signedIn.userId));

    // Another device signs this session out; the refresh token dies with it.
    const accessToken = await signedIn.session.getAccessToken();
    expect((await api(server(), "DELETE", "/auth/sessions/current", {}, { "x-stack-access-token": accessToken! })).status).toBe(200);
    signedIn.session.markAccessTokenExpired(accessToken!);
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(result.current).toBeNull());
    expect(signedIn.session.hasSession()).toBe(false);
  });

  it("useSignOut ends the session on the server and here, and the user reads as null", async () => {
    const signedIn = await signedUpSession(server(), "hook-sign-out");
    const { Wrapper } = wrapperFor(signedIn.session);
    const { result } = renderHook(() => ({ user: useUser(), signOut: useSignOut() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.user?.id).toBe(signedIn.userId));
    await act(() => result.current.signOut.signOut());
    await waitFor(() => expect(result.current?.user).toBeNull());
    const refresh = await fetch(`${server().url}/api/v1/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: signedIn.refreshToken, client_id: "internal", client_secret: "__stack_public_client__" }),
    });
    expect(refresh.headers.get("x-stack-known-error")).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
