/** Where the server writes what it does: one interface, so tests can pass a silent one. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout/stderr: easy for people to read and for log shippers to parse. Debug lines only with `debug`. */
export function createConsoleLogger(base: Record<string, unknown> = {}, options: { debug?: boolean } = {}): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...base, ...fields });
    if (level === "error") console.error(line);
    else console.log(line);
  };
  return {
    debug: (message, fields) => {
      if (options.debug) write("debug", message, fields);
    },
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
