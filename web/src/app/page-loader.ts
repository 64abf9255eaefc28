import { lazy, type ComponentType } from "react";

/** Loads a page's chunk and gives its component, as React.lazy takes it; calling it early starts the download. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** The page component `name` of the module `load` imports: `pageLoader(() => import("…/sign-in-page"), "SignInPage")`. */
export function pageLoader<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): PageLoader {
  return () => load().then((module) => ({ default: module[name] }));
}

/** A page whose code loads when it is first opened. */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(pageLoader(load, name));
}
