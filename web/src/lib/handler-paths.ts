import { DEFAULT_HANDLER_PATH, handlerUrls, type HandlerPageName } from "@gatehouse/clients/react";

/**
 * Where the handler pages sit. The server writes the handler path the project's config gives
 * for its public URL into index.html (server/src/http/web-app.ts); without it (the Vite dev
 * server) they sit at SPEC's default, /handler.
 */
const HANDLER_PATH_META = "gatehouse-handler-path";

function readHandlerPath(): string {
  const configured = document.querySelector<HTMLMetaElement>(`meta[name="${HANDLER_PATH_META}"]`)?.content;
  return configured?.startsWith("/") ? configured : DEFAULT_HANDLER_PATH;
}

export const handlerPathBase = readHandlerPath();

/** Every page's URL on this site; home and the after-sign-in/up/out targets are `/`. */
export const urls = handlerUrls({ handlerPath: handlerPathBase });

/** The path of a handler page on this site, e.g. `/handler/sign-in`. */
export function handlerPath(page: HandlerPageName): string {
  return urls[page];
}

/** The absolute URL of a handler page, for the links the server e-mails. */
export function handlerUrl(page: HandlerPageName): string {
  return new URL(urls[page], window.location.origin).href;
}


