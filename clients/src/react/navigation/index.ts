// URL rules with no React in them: the handler pages' paths, return targets, trusted redirects.
export * from "./handler-urls";
export * from "./return-target";
export * from "./trusted-redirect";
