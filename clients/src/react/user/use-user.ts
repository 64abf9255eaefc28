import { useSuspenseQuery } from "@tanstack/react-query";
import { getCurrentUser, signUpAnonymously, type ClientUser } from "../../react-query";
import { isKnownError, type Session } from "../../session";
import { withReturnTo } from "../navigation/return-target";
import { useGatehouse, type Gatehouse } from "../provider";
import { areaKeys } from "../keys";

/** The signed-in user as `GET /users/me` reads it for a client. */
export type CurrentUser = ClientUser;

/**
 * What `useUser` does when nobody is signed in (SPEC §4): return null (the default), send the
 * browser to sign-in and come back afterwards, throw, or sign up an anonymous user and return it.
 */
export type NoUserBehaviour = "return-null" | "redirect" | "throw" | "anonymous";

/** SPEC §8's message for `{ or: "throw" }`. */
export const USER_REQUIRED_MESSAGE = "User is not signed in but useUser was called with { or: 'throw' }";
export const ANONYMOUS_SIGN_UP_FAILED_MESSAGE = "Something went wrong while signing up anonymously";

export function useUser(options: { or: "redirect" | "throw" | "anonymous" }): CurrentUser;
export function useUser(options?: { or?: "return-null" }): CurrentUser | null;
export function useUser(options?: { or?: NoUserBehaviour }): CurrentUser | null;
/**
 * The signed-in user, read through the shared cache; suspends while it loads, so the page
 * shows its loading state from the nearest <Suspense>. Anonymous users count as signed out
 * unless `or: "anonymous"` asks for one.
 */
export function useUser(options: { or?: NoUserBehaviour } = {}): CurrentUser | null {
  const gatehouse = useGatehouse();
  const or = options.or ?? "return-null";
  const { data } = useSuspenseQuery({ queryKey: areaKeys.currentUser, queryFn: ({ signal }) => readCurrentUser(gatehouse.session, signal) });
  if (data && (!data.is_anonymous || or === "anonymous")) return data;

  switch (or) {
    case "return-null":
      return null;
    case "throw":
      throw new Error(USER_REQUIRED_MESSAGE);
    case "redirect":
      redirectToSignIn(gatehouse);
      throw new Promise<never>(() => {});
    case "anonymous":
      // Suspends until the anonymous session exists; its tokens reset the cache, and the read
      // above then returns the new user.
      throw signUpAnonymouslyOnce(gatehouse.session);
  }
}

/** The user behind the session, or null: no session, a session the server no longer knows. */
async function readCurrentUser(session: Session, signal: AbortSignal): Promise<CurrentUser | null> {
  if (!session.hasSession()) return null;
  try {
    // Anonymous users are let through and filtered by useUser, so one cache entry serves every caller.
    return (await getCurrentUser({ signal, headers: { "x-stack-allow-anonymous-user": "true" } })) as CurrentUser;
  } catch (error) {
    if (isKnownError(error, "CANNOT_GET_OWN_USER_WITHOUT_USER") || isKnownError(error, "USER_AUTHENTICATION_REQUIRED")) return null;
    throw error;
  }
}

const redirecting = new WeakSet<Gatehouse>();

function redirectToSignIn(gatehouse: Gatehouse): void {
  if (redirecting.has(gatehouse)) return;
  redirecting.add(gatehouse);
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  // Rendering must not navigate; the next task may.
  setTimeout(() => {
    redirecting.delete(gatehouse);
    gatehouse.navigate(withReturnTo(gatehouse.urls.signIn, here), { replace: true });
  }, 0);
}

interface AnonymousSignUp {
  promise: Promise<void>;
  failure?: Error;
}

const anonymousSignUps = new WeakMap<Session, AnonymousSignUp>();

/**
 * Suspends on one anonymous sign-up per session, however many components ask for it. A
 * failed one is thrown once, from the render after it settles (Suspense renders again when
 * the promise settles either way); the next render tries again.
 */
function signUpAnonymouslyOnce(session: Session): Promise<void> {
  const current = anonymousSignUps.get(session);
  if (current?.failure) {
    anonymousSignUps.delete(session);
    throw current.failure;
  }
  if (current) return current.promise;
  const signUp: AnonymousSignUp = {
    promise: signUpAnonymously({}).then(
      (tokens) => {
        anonymousSignUps.delete(session);
        session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      },
      (error: unknown) => {
        signUp.failure = new Error(ANONYMOUS_SIGN_UP_FAILED_MESSAGE, { cause: error });
      },
    ),
  };
  anonymousSignUps.set(session, signUp);
  return signUp.promise;
}
