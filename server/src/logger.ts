/**
 * Where the server writes what it does. The `Logger` interface is what every floor uses, so tests
 * can pass a silent one; `createConsoleLogger` puts pino behind it: one JSON object per line in
 * production (for log shippers), readable coloured lines on a terminal in development (through
 * pino-pretty, a development dependency, when it is installed). Every line written while a request
 * is handled carries its `request_id`.
 */
import { createRequire } from "node:module";
import { pino, stdTimeFunctions, type DestinationStream } from "pino";
import { currentRequest } from "./request-context";

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export type LogFormat = "json" | "pretty";

export interface ConsoleLoggerOptions {
  debug?: boolean;
  /** `pretty` falls back to JSON when pino-pretty is not installed (a production install). */
  format?: LogFormat;
  /** Where lines go; stdout unless a test collects them. */
  destination?: DestinationStream;
}

/** Pretty on a terminal outside production, JSON lines everywhere else. */
export function defaultLogFormat(nodeEnv: string, isTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  return nodeEnv === "development" && isTerminal ? "pretty" : "json";
}

export function createConsoleLogger(base: Record<string, unknown> = {}, options: ConsoleLoggerOptions = {}): Logger {
  const destination = (options.format === "pretty" ? prettyStream(options.destination) : undefined) ?? options.destination ?? pino.destination({ sync: true });
  const log = pino(
    {
      level: options.debug ? "debug" : "info",
      base,
      messageKey: "message",
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = currentRequest();
        return request ? { request_id: request.requestId } : {};
      },
    },
    destination,
  );
  const write = (level: "debug" | "info" | "warn" | "error") => (message: string, fields?: Record<string, unknown>) => {
    if (fields) log[level](fields, message);
    else log[level](message);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** pino-pretty in this thread (no worker transport, so a bundled build runs it too), or undefined when absent. */
function prettyStream(destination: DestinationStream | undefined): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    return pretty({
      colorize: destination === undefined,
      sync: true,
      messageKey: "message",
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "pid,hostname",
      ...(destination ? { destination } : {}),
    });
  } catch {
    return undefined;
  }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
