/** Turns autocannon results into the printed table and .bench/results.json. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Result } from "autocannon";
import type { EventLoopReading } from "./event-loop-probe";

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** How many measured rounds, interleaved with the other servers of the case. */
  rounds: number;
  /** The server's event-loop delay while measured: the worst round's p99 and max. */
  eventLoopMs: { p99: number; max: number };
}

/** The nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/** One server's figures for one measured round. */
export interface Round {
  result: Result;
  latenciesMs: number[];
  eventLoop: EventLoopReading;
}

/**
 * Merges a server's rounds: requests over the summed duration, percentiles over every
 * response. `latenciesMs` are each response's time as autocannon measured it
 * (sub-millisecond); autocannon's own histogram keeps whole milliseconds only, too coarse
 * for the references.
 */
export function summarize(name: string, rounds: Round[]): Measurement {
  const sorted = rounds.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const { result } of rounds) {
    for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = (statusCodes[code] ?? 0) + stats.count;
  }
  const sum = (pick: (result: Result) => number) => rounds.reduce((total, round) => total + pick(round.result), 0);
  return {
    name,
    requestsPerSecond: sum((r) => r.requests.total) / sum((r) => r.duration),
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      mean: sorted.reduce((total, ms) => total + ms, 0) / sorted.length,
      max: sorted.at(-1) ?? NaN,
    },
    totalRequests: sum((r) => r.requests.total),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
    rounds: rounds.length,
    eventLoopMs: {
      p99: Math.max(...rounds.map((r) => r.eventLoop.p99)),
      max: Math.max(...rounds.map((r) => r.eventLoop.max)),
    },
  };
}

export interface Ratios {
  /** Gatehouse req/s divided by the reference's: 0.25 means a quarter of its throughput. */
  requestsPerSecond: number;
  /** Gatehouse p99 latency divided by the reference's: 4 means four times as slow at p99. */
  p99: number;
}

export function ratios(gatehouse: Measurement, reference: Measurement): Ratios {
  return {
    requestsPerSecond: gatehouse.requestsPerSecond / reference.requestsPerSecond,
    p99: gatehouse.latencyMs.p99 / reference.latencyMs.p99,
  };
}

/** One case's figures: Gatehouse first, then its references, with Gatehouse's ratio to each. */
export interface CaseResult {
  name: string;
  request: string;
  measurements: Measurement[];
  /** By reference name: Gatehouse / that reference. */
  ratios: Record<string, Ratios>;
}

function printAligned(header: string[], rows: string[][], leftColumns: number): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}

export function printTable(cases: CaseResult[]): void {
  const rows = cases.flatMap((c) =>
    c.measurements.map((m) => [
      c.name,
      m.name,
      m.requestsPerSecond.toFixed(0),
      m.latencyMs.p50.toFixed(2),
      m.latencyMs.p99.toFixed(2),
      m.latencyMs.mean.toFixed(2),
      m.eventLoopMs.p99.toFixed(1),
      String(m.totalRequests),
      String(m.non2xx),
    ]),
  );
  printAligned(["case", "server", "req/s", "p50 ms", "p99 ms", "mean ms", "loop p99 ms", "requests", "non-2xx"], rows, 2);
  const ratioRows = cases.flatMap((c) =>
    Object.entries(c.ratios).map(([reference, r]) => [c.name, `gatehouse / ${reference}`, `${r.requestsPerSecond.toFixed(2)}x`, `${r.p99.toFixed(2)}x`]),
  );
  printAligned(["case", "ratio", "req/s", "p99"], ratioRows, 2);
  console.log(
    "(req/s: responses / measured seconds over every round; latencies: every response, nearest-rank percentiles;\n" +
      " loop p99: the server's event-loop delay, perf_hooks.monitorEventLoopDelay, the worst round's p99.)\n",
  );
}

export async function writeResults(path: string, results: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
