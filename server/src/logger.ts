import type { Logger } from "./services/deps";

/** One JSON object per line on stdout/stderr: easy for people to read and for log shippers to parse. */
export function createConsoleLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...base, ...fields });
    if (level === "error") console.error(line);
    else console.log(line);
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
