import {
  useAddContactChannel,
  useContactChannels,
  useCreateApiKey,
  useApiKeys,
  useCreateTeam,
  useRevokeSession,
  useSessions,
  useTeams,
  useUpdateUser,
  useUser,
} from "@gatehouse/clients/react";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminHeaders, api, hookServer, PASSWORD, signedUpSession, uniqueEmail, wrapperFor } from "./support";

const server = hookServer;

/** Every test: a mutation through the library, and the cached read on screen shows the change with no refetch asked for. */
describe("mutations refresh what they change", () => {
  it("useUpdateUser: the user's new name", async () => {
    const { session, requests } = await signedUpSession(server(), "hook-name");
    const { Wrapper } = wrapperFor(session);
    const { result } = renderHook(() => ({ user: useUser({ or: "throw" }), update: useUpdateUser() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.user.display_name).toBeNull());
    await act(() => result.current.update.mutateAsync({ data: { display_name: "Grace Hopper" } }));
    await waitFor(() => expect(result.current.user.display_name).toBe("Grace Hopper"));
    expect(requests.filter((request) => request === "GET /users/me")).toHaveLength(2);
  });

  it("useCreateTeam: the team list and the user's selected team", async () => {
    await api(server(), "PATCH", "/internal/projects/current", { config: { client_team_creation_enabled: true } }, adminHeaders(server()));
    const { session } = await signedUpSession(server(), "hook-team");
    const { Wrapper } = wrapperFor(session);
    const { result } = renderHook(() => ({ user: useUser({ or: "throw" }), teams: useTeams(), create: useCreateTeam() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.teams).toBeDefined());
    const before = result.current.teams.length;
    const created = await act(() => result.current.create.mutateAsync({ data: { display_name: "Night Shift", creator_user_id: "me" } }));
    await waitFor(() => expect(result.current.teams.map((team) => team.display_name)).toContain("Night Shift"));
    expect(result.current.teams).toHaveLength(before + 1);
    expect(result.current.user.selected_team_id).toBe(created.id);
  });

  it("useAddContactChannel: the address list", async () => {
    const { session } = await signedUpSession(server(), "hook-email");
    const { Wrapper } = wrapperFor(session);
    const { result } = renderHook(() => ({ channels: useContactChannels(), add: useAddContactChannel() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.channels).toHaveLength(1));
    const second = uniqueEmail("second");
    await act(() => result.current.add.mutateAsync({ data: { user_id: "me", type: "email", value: second, used_for_auth: false } }));
    await waitFor(() => expect(result.current.channels.map((channel) => channel.value)).toContain(second));
  });

  it("useRevokeSession: the session list", async () => {
    const signedIn = await signedUpSession(server(), "hook-sessions");
    const other = await api(server(), "POST", "/auth/password/sign-in", { email: signedIn.email, password: PASSWORD });
    expect(other.status).toBe(200);
    const { Wrapper } = wrapperFor(signedIn.session);
    const { result } = renderHook(() => ({ sessions: useSessions(), revoke: useRevokeSession() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.sessions).toHaveLength(2));
    const otherSession = result.current.sessions.find((item) => !item.is_current_session)!;
    await act(() => result.current.revoke.mutateAsync({ sessionId: otherSession.id, data: {}, params: { user_id: "me" } }));
    await waitFor(() => expect(result.current.sessions).toHaveLength(1));
    expect(result.current.sessions[0]!.is_current_session).toBe(true);
  });

  it("useCreateApiKey: the key list, which shows only the last four characters", async () => {
    await api(server(), "PATCH", "/internal/projects/current", { config: { allow_user_api_keys: true } }, adminHeaders(server()));
    const { session } = await signedUpSession(server(), "hook-keys");
    const { Wrapper } = wrapperFor(session);
    const { result } = renderHook(() => ({ keys: useApiKeys(), create: useCreateApiKey() }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current?.keys).toEqual([]));
    const created = await act(() => result.current.create.mutateAsync({ data: { user_id: "me", description: "CI", expires_at_millis: null } }));
    await waitFor(() => expect(result.current.keys).toHaveLength(1));
    expect(result.current.keys[0]!.value.last_four).toBe(created.value.slice(-4));
  });
});
