/**
 * What is known about the request being handled, wherever the code that runs for it is: the
 * logger stamps every line with its id, and metrics and traces read its operation and project.
 * Kept in an AsyncLocalStorage, so nothing has to pass it down through services that know
 * nothing of HTTP.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /** The project the request was authenticated for, once known. */
  projectId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being handled, or undefined outside one (start-up, workers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
