/**
 * Small readers shared by the format parsers: each takes an untyped value from an export and
 * returns it typed, or throws a RecordProblem naming the field, which the importer reports
 * against the record's line instead of stopping.
 */
export class RecordProblem extends Error {}

export type Fields = Record<string, unknown>;

export function asObject(value: unknown, what = "record"): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RecordProblem(`${what} is not an object`);
  return value as Fields;
}

export function text(record: Fields, key: string): string | undefined {
  const value = record[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") throw new RecordProblem(`${key} is not a string`);
  return value;
}

export function requiredText(record: Fields, key: string): string {
  const value = text(record, key);
  if (value === undefined) throw new RecordProblem(`${key} is missing`);
  return value;
}

export function flag(record: Fields, key: string): boolean {
  const value = record[key];
  if (value === undefined || value === null || value === "") return false;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "t" || value === "1") return true;
  if (value === "false" || value === "f" || value === "0") return false;
  throw new RecordProblem(`${key} is not true or false`);
}

/** A JSON object given as an object or, in CSV columns and Firebase's customAttributes, as JSON text. */
export function jsonObject(record: Fields, key: string): Fields | undefined {
  let value = record[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new RecordProblem(`${key} is not valid JSON`);
    }
  }
  return asObject(value, key);
}

/** A time as ISO text, or milliseconds since 1970 (a number or digits). */
export function time(record: Fields, key: string): Date | undefined {
  const value = record[key];
  if (value === undefined || value === null || value === "") return undefined;
  const date = typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) ? new Date(Number(value)) : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new RecordProblem(`${key} is not a time`);
  return date;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function email(value: string | undefined, key = "email"): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().toLowerCase();
  if (!EMAIL.test(trimmed)) throw new RecordProblem(`${key} is not an e-mail address`);
  return trimmed;
}

export function joinName(...parts: Array<string | undefined>): string | undefined {
  const name = parts.filter(Boolean).join(" ").trim();
  return name || undefined;
}
