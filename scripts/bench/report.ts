/** Turns autocannon results into the printed table and .bench/results.json. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Result } from "autocannon";

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** The nearest-rank percentile of ascending `sorted`. */
function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * `latenciesMs` are every response's time as autocannon measured it (sub-millisecond);
 * autocannon's own histogram keeps whole milliseconds only, too coarse for the references.
 */
export function summarize(name: string, result: Result, latenciesMs: number[]): Measurement {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = stats.count;
  return {
    name,
    requestsPerSecond: result.requests.total / result.duration,
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      mean: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
      max: sorted.at(-1) ?? NaN,
    },
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
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
      String(m.totalRequests),
      String(m.non2xx),
    ]),
  );
  printAligned(["case", "server", "req/s", "p50 ms", "p99 ms", "mean ms", "requests", "non-2xx"], rows, 2);
  const ratioRows = cases.flatMap((c) =>
    Object.entries(c.ratios).map(([reference, r]) => [c.name, `gatehouse / ${reference}`, `${r.requestsPerSecond.toFixed(2)}x`, `${r.p99.toFixed(2)}x`]),
  );
  printAligned(["case", "ratio", "req/s", "p99"], ratioRows, 2);
  console.log("(req/s: responses / measured seconds; latencies: every response, nearest-rank percentiles.)\n");
}

export async function writeResults(path: string, results: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
