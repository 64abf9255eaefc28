import type { HandlerRoute } from "./handler-pages";

/**
 * Where the handler pages sit. The server writes the handler path the project's config gives
 * for its public URL into index.html (server/src/http/web-app.ts); without it (the Vite dev
 * server) they sit at SPEC's default, /handler.
 */
const HANDLER_PATH_META = "gatehouse-handler-path";
const DEFAULT_HANDLER_PATH = "/handler";

function readHandlerBase(): string {
  const configured = document.querySelector<HTMLMetaElement>(`meta[name="${HANDLER_PATH_META}"]`)?.content;
  const path = configured?.startsWith("/") ? configured : DEFAULT_HANDLER_PATH;
  return path.replace(/\/+$/, "");
}

/** The handler path without its trailing slash: "" when the pages sit at the site root. */
const handlerBase = readHandlerBase();

/** The path of a handler page on this site, e.g. `/handler/sign-in`. */
export function handlerPath(route: HandlerRoute): string {
  return `${handlerBase}/${route}`;
}

/** The absolute URL of a handler page, for the links the server e-mails. */
export function handlerUrl(route: HandlerRoute): string {
  return new URL(handlerPath(route), window.location.origin).href;
}
