/**
 * Processes sharing one database must agree on PUBLIC_URL: it is the issuer of the access tokens
 * they sign and the base of every link they mail, so two values make one process refuse the
 * other's tokens and hand out links to a host that may not exist. Each process announces its
 * PUBLIC_URL on a channel when its listener connects, and every process that hears a different
 * one answers with its own; each side then logs once, naming the setting. PGlite has one
 * process, which hears only itself.
 */
import { randomUUID } from "node:crypto";
import type { NotificationListener } from "../db/db";
import type { ServiceDeps } from "./deps";

export const DEPLOYMENT_CHANNEL = "gatehouse_deployment";

interface Announcement {
  process: string;
  publicUrl: string;
  /** An answer to another's announcement, which is not answered again. */
  reply: boolean;
}

export function startDeploymentCheck(deps: Pick<ServiceDeps, "db" | "log" | "settings">): NotificationListener {
  const self = randomUUID();
  const ownUrl = deps.settings.publicUrl;
  const told = new Set<string>();
  const announce = (reply: boolean) => {
    const message: Announcement = { process: self, publicUrl: ownUrl, reply };
    deps.db.query("SELECT pg_notify($1, $2)", [DEPLOYMENT_CHANNEL, JSON.stringify(message)]).catch(() => undefined);
  };
  return deps.db.listen(DEPLOYMENT_CHANNEL, {
    notify(payload) {
      let heard: Announcement;
      try {
        heard = JSON.parse(payload) as Announcement;
      } catch {
        return;
      }
      if (heard.process === self || heard.publicUrl === ownUrl) return;
      if (!told.has(heard.publicUrl)) {
        told.add(heard.publicUrl);
        deps.log.error(
          `Another process on this database runs with PUBLIC_URL=${heard.publicUrl}, this one with PUBLIC_URL=${ownUrl}: tokens signed by one are refused by the other. Set the same PUBLIC_URL on every process of the deployment.`,
        );
      }
      if (!heard.reply) announce(true);
    },
    connected: () => announce(false),
    disconnected() {},
  });
}
