/**
 * Reads an export file as a sequence of plain values, each with where it was (a line, or a
 * position in a JSON array), whatever its layout: CSV with a header row, one JSON value per
 * line, or one JSON document (an array, or an object holding `users` and, for Stack Auth's,
 * `teams`). Line layouts are streamed, so a file of any size reads in constant memory; a JSON
 * document is read whole. A line that is not valid JSON becomes a problem at that line, and
 * the lines after it are read as usual.
 */
import { parse as parseCsv } from "csv-parse";
import { createReadStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { createInterface } from "node:readline";

export type ExportEntry = { at: string; value: unknown } | { at: string; problem: string };
export type Layout = "csv" | "json-lines" | "json";

export async function detectLayout(path: string): Promise<Layout> {
  if (/\.csv$/i.test(path)) return "csv";
  if (/\.(jsonl|ndjson)$/i.test(path)) return "json-lines";
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead).toString("utf8").trimStart();
    if (head.startsWith("[")) return "json";
    if (!head.startsWith("{")) return "csv";
    const firstLine = head.split("\n", 1)[0]!;
    try {
      const value = JSON.parse(firstLine) as Record<string, unknown>;
      return Array.isArray(value.users) ? "json" : "json-lines";
    } catch {
      return "json";
    }
  } finally {
    await file.close();
  }
}

/** How many entries the file holds, for the progress bar (lines for line layouts, which a CSV field spanning lines may overcount). */
export async function countEntries(path: string, layout: Layout): Promise<number | undefined> {
  if (layout === "json") return undefined;
  let lines = 0;
  let lastByte = 10;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    lastByte = chunk[chunk.length - 1] ?? lastByte;
  }
  if (lastByte !== 10) lines++;
  return layout === "csv" ? Math.max(0, lines - 1) : lines;
}

export async function* readExport(path: string, layout: Layout): AsyncGenerator<ExportEntry> {
  if (layout === "csv") {
    const parser = createReadStream(path).pipe(parseCsv({ columns: true, bom: true, info: true, skip_empty_lines: true, relax_column_count: true }));
    for await (const { record, info } of parser as AsyncIterable<{ record: unknown; info: { lines: number } }>) {
      yield { at: `line ${info.lines}`, value: record };
    }
    return;
  }
  if (layout === "json-lines") {
    let line = 0;
    for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
      line++;
      if (!text.trim()) continue;
      try {
        yield { at: `line ${line}`, value: JSON.parse(text) };
      } catch {
        yield { at: `line ${line}`, problem: "not valid JSON" };
      }
    }
    return;
  }
  const document = JSON.parse(await readFile(path, "utf8")) as unknown;
  const entries = documentEntries(document);
  for (let i = 0; i < entries.length; i++) yield { at: `record ${i + 1}`, value: entries[i] };
}

function documentEntries(document: unknown): unknown[] {
  if (Array.isArray(document)) return document;
  if (typeof document === "object" && document !== null) {
    const { users, teams } = document as { users?: unknown; teams?: unknown };
    const teamEntries = Array.isArray(teams) ? teams.map((team) => ({ type: "team", ...(team as object) })) : [];
    if (Array.isArray(users)) return [...teamEntries, ...users];
  }
  throw new Error("The file is JSON but neither an array of users nor an object with a \"users\" array.");
}
