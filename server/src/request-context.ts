/**
 * What is known about the request being handled, wherever the code that runs for it is: the
 * logger stamps every line with its id. Kept in an AsyncLocalStorage, so nothing has to pass
 * it down through services that know nothing of HTTP.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /**
   * Who is calling and from where, once access is resolved (http/access.ts): the audit log
   * (services/audit-log/) records it as an event's actor, IP and user agent.
   */
  caller?: RequestCaller;
}

export interface RequestCaller {
  actor: { type: "user" | "admin" | "server"; id: string | null };
  /** The caller's address and user agent, read from the request when first asked for. */
  client: () => { ip: string | null; userAgent: string | null };
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being handled, or undefined outside one (start-up, workers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Notes who the request's caller is (http/access.ts, once resolved); a no-op outside a request. */
export function noteRequestCaller(caller: RequestCaller): void {
  const context = storage.getStore();
  if (context) context.caller = caller;
}
