/**
 * The React side of the client library. One provider holds the app's session (the token store
 * and refresh logic of ../session) and one React Query cache; every hook of this library and
 * every generated hook reads through them. When who is signed in changes (a sign-in, a sign-out,
 * a session the server revoked, another tab signing in or out), every cached answer belongs to
 * the previous user, so those reads are reset and what is on screen is read again.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { setDefaultSession, type Session } from "../session";
import { handlerUrls, type HandlerUrlOptions, type HandlerUrls } from "./navigation/handler-urls";

export type Navigate = (url: string, options?: { replace?: boolean }) => void;

export interface Gatehouse {
  session: Session;
  queryClient: QueryClient;
  urls: HandlerUrls;
  /** Goes to a URL: the app's router for its own paths when it gave one, else a page load. */
  navigate: Navigate;
}

const GatehouseContext = createContext<Gatehouse | null>(null);

export interface GatehouseProviderProps {
  session: Session;
  /**
   * The app's own cache, when it has one; otherwise the provider makes one. Give one made outside
   * React when the first render may suspend with nothing committed (no Suspense boundary between
   * the provider and the reads, or a render in a transition): the cache the provider makes is
   * state, thrown away with a render that never commits, and the reads then start again in a new
   * one, without end.
   */
  queryClient?: QueryClient;
  /** Where the handler pages and the after-sign-in/up/out targets are. */
  urls?: HandlerUrlOptions;
  /** Client-side navigation (react-router's `navigate`, say); default a full page load. */
  navigate?: Navigate;
  children: ReactNode;
}

/** A cache that leaves retrying to the session's fetch, which retries network failures and 429s (SPEC §8). */
export function createGatehouseQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

export function GatehouseProvider({ session, queryClient: given, urls: urlOptions, navigate, children }: GatehouseProviderProps) {
  const [ownQueryClient] = useState(createGatehouseQueryClient);
  const queryClient = given ?? ownQueryClient;
  // The generated hooks reach the network through the default session; it must be this one
  // before any child renders a query.
  setDefaultSession(session);

  const urlKey = JSON.stringify(urlOptions ?? {});
  const urls = useMemo(() => handlerUrls(JSON.parse(urlKey) as HandlerUrlOptions), [urlKey]);
  const value = useMemo<Gatehouse>(
    () => ({ session, queryClient, urls, navigate: navigate ?? pageLoad }),
    [session, queryClient, urls, navigate],
  );

  useResetOnIdentityChange(session, queryClient);

  return (
    <GatehouseContext.Provider value={value}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </GatehouseContext.Provider>
  );
}

export function useGatehouse(): Gatehouse {
  const gatehouse = useContext(GatehouseContext);
  if (!gatehouse) throw new Error("Gatehouse hooks must be used inside <GatehouseProvider>.");
  return gatehouse;
}

/** Reads whose answer is the same whoever is signed in: kept when the user changes. */
const USER_INDEPENDENT = new Set(["/projects/current"]);

function useResetOnIdentityChange(session: Session, queryClient: QueryClient): void {
  useEffect(() => {
    let identity = session.refreshToken();
    const check = () => {
      const next = session.refreshToken();
      if (next === identity) return;
      identity = next;
      void queryClient.resetQueries({ predicate: (query) => !USER_INDEPENDENT.has(String(query.queryKey[0])) });
    };
    const unsubscribe = session.subscribe(check);
    // Another tab of the same site writes the same localStorage keys; this tab hears of it here.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(`gatehouse:${session.projectId}:`)) check();
    };
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
    };
  }, [session, queryClient]);
}

function pageLoad(url: string, options?: { replace?: boolean }): void {
  if (options?.replace) window.location.replace(url);
  else window.location.assign(url);
}
