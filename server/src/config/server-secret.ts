import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AppConfig } from "./env";

/**
 * The secret that seals signing keys at rest. Production must set STACK_SERVER_SECRET; in
 * development one is generated once and kept (mode 0600) in the data folder, so a restart
 * can still open the keys it sealed.
 */
export async function resolveServerSecret(
  settings: AppConfig,
): Promise<{ secret: string; source: "env" | "file" | "generated"; file: string }> {
  const file = join(settings.dataDir, "server-secret");
  if (settings.serverSecret) return { secret: settings.serverSecret, source: "env", file };
  if (settings.nodeEnv === "production") {
    throw new Error("STACK_SERVER_SECRET must be set in production (at least 32 characters).");
  }
  if (existsSync(file)) return { secret: (await readFile(file, "utf8")).trim(), source: "file", file };
  await mkdir(settings.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return { secret, source: "generated", file };
}
