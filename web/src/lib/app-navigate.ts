import type { Navigate } from "@gatehouse/clients/react";
import type { NavigateFunction } from "react-router";

/** The library's navigate: this site's paths through the router, anything else by loading the page. */
export function appNavigate(navigate: NavigateFunction): Navigate {
  return (url, options) => {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin) {
      if (options?.replace) window.location.replace(target.href);
      else window.location.assign(target.href);
      return;
    }
    void navigate(`${target.pathname}${target.search}${target.hash}`, { replace: options?.replace });
  };
}
