import type { ServerResponse } from "node:http";
import type { Context } from "hono";

/**
 * A scheduler for work a request starts but does not wait for, run once the answer has been
 * written to the socket. Started any earlier, such work can hold the answer back (PGlite
 * runs queries on this thread; a response whose headers were changed after the handler is
 * written a timer later), and then the answer's timing tells whether the work was started.
 * In-process requests (app.request in tests) have no socket: the work runs on the next turn.
 */
export function afterResponse(c: Context): (task: () => void) => void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return (task) => {
    if (!outgoing || outgoing.writableFinished || outgoing.destroyed) {
      setImmediate(task);
      return;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      task();
    };
    outgoing.once("finish", start);
    outgoing.once("close", start);
  };
}
