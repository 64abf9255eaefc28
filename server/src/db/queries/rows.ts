/** Row-mapping helpers shared by the query modules. */
export function toMillis(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function toMillisOrNull(value: Date | string | number | null): number | null {
  return value === null ? null : toMillis(value);
}

/** jsonb parameters are passed as text and cast in SQL (`$n::jsonb`) so both drivers agree. */
export function jsonParam(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** Per field a caller may change: its column, the SQL type to cast the parameter to, and whether the value is JSON. */
export type ChangeColumns<Changes> = Record<keyof Changes, [column: string, cast: string, json?: true]>;

/** The profile and metadata columns users and teams share, as ChangeColumns entries. */
export const METADATA_COLUMNS = {
  displayName: ["display_name", "text"],
  profileImageUrl: ["profile_image_url", "text"],
  clientMetadata: ["client_metadata", "jsonb", true],
  clientReadOnlyMetadata: ["client_read_only_metadata", "jsonb", true],
  serverMetadata: ["server_metadata", "jsonb", true],
} satisfies Record<string, [string, string, true?]>;

/** `column = $n::cast` for each change that is not undefined; each value is appended to `params`, which gives its number. */
export function setClauses<Changes extends object>(changes: Changes, columns: ChangeColumns<Changes>, params: unknown[]): string[] {
  const assignments: string[] = [];
  for (const [field, value] of Object.entries(changes) as Array<[keyof Changes, unknown]>) {
    if (value === undefined) continue;
    const [column, cast, json] = columns[field];
    params.push(json ? jsonParam(value) : value);
    assignments.push(`${column} = $${params.length}::${cast}`);
  }
  return assignments;
}

/** The profile and metadata columns users and teams share, as their rows hold them (a team's name is never null). */
interface ProfileRow<Name extends string | null> {
  display_name: Name;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
}

/** The shared profile fields of a user or team row, named as the domain types name them. */
export function toProfile<Name extends string | null>(row: ProfileRow<Name>) {
  return {
    displayName: row.display_name,
    profileImageUrl: row.profile_image_url,
    clientMetadata: row.client_metadata,
    clientReadOnlyMetadata: row.client_read_only_metadata,
    serverMetadata: row.server_metadata,
  };
}
