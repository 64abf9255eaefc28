/**
 * The two pinned releases of the published SDK every SDK test runs against: 2.8.108 sends
 * `x-hexclave-` headers, 2.8.102 (installed under an npm alias) sends `x-stack-` ones.
 * Node has no window, so the apps use an in-memory token store and never redirect.
 */
import * as sdk108 from "@stackframe/js";
import * as sdk102 from "stack-js-2-8-102";

export type StackSdk = typeof sdk108;

export const STACK_SDKS = [
  { version: "2.8.108", sdk: sdk108, prefix: "x-hexclave-" },
  { version: "2.8.102", sdk: sdk102 as unknown as StackSdk, prefix: "x-stack-" },
] as const;

export function sdkAppOptions(server: { url: string }, project: { projectId: string; keys: { publishableKey: string } }) {
  return {
    baseUrl: server.url,
    projectId: project.projectId,
    publishableClientKey: project.keys.publishableKey,
    tokenStore: "memory" as const,
    redirectMethod: "none" as const,
    noAutomaticPrefetch: true,
  };
}
