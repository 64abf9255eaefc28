/**
 * SCIM's resources as JSON (RFC 7643): reading a User or Group a provider sends, and writing
 * them back with their `meta`. What a user's resource holds beyond userName, externalId,
 * displayName and active (name, emails, title, phone numbers, the enterprise extension...) is
 * kept as sent, bounded in size; a password is never kept.
 */
import type { ScimGroupRecord, ScimUserRecord } from "../../domain/scim";
import { ScimError } from "../../errors/scim";
import { keyOf, type JsonObject } from "./patch";
import { SCIM_MAX_ATTRIBUTES_BYTES, SCIM_MAX_DEPTH, SCIM_MAX_NAME_LENGTH } from "./limits";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE_USER_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_RESPONSE_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Attributes a client never sets: the server's. */
export const USER_READ_ONLY = ["id", "meta", "groups"];
export const GROUP_READ_ONLY = ["id", "meta"];

/** What Gatehouse keeps of a user resource. */
export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  active: boolean;
  /** The address the Gatehouse user gets: the primary one, else the work one, else the first. */
  email: string | null;
  attributes: JsonObject;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** Refuses what the database cannot keep faithfully (NUL, lone surrogates) and nesting past SCIM_MAX_DEPTH. */
function checkStorable(value: unknown, where: string, depth = 1): void {
  if (depth > SCIM_MAX_DEPTH) throw new ScimError("INVALID_VALUE", `${where} nests too deeply.`);
  if (typeof value === "string") {
    if (value.includes("\u0000") || LONE_SURROGATE.test(value)) throw new ScimError("INVALID_VALUE", `${where} holds a character that cannot be stored (NUL or a lone surrogate).`);
    return;
  }
  if (Array.isArray(value)) value.forEach((item, i) => checkStorable(item, `${where}[${i}]`, depth + 1));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) {
    checkStorable(key, where, depth + 1);
    checkStorable(item, `${where}.${key}`, depth + 1);
  }
}

/** A SCIM boolean, also as the strings Entra ID sends ("True", "False"). */
export function readBoolean(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
  throw new ScimError("INVALID_VALUE", `${name} is a boolean (true or false), not ${JSON.stringify(value)}.`);
}

function readName(value: unknown, name: string, required: true): string;
function readName(value: unknown, name: string, required: false): string | null;
function readName(value: unknown, name: string, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "" && !required)) {
    if (required) throw new ScimError("INVALID_VALUE", `${name} is required.`);
    return null;
  }
  if (typeof value !== "string" || value.trim() === "") throw new ScimError("INVALID_VALUE", `${name} is a non-empty string.`);
  if (value.length > SCIM_MAX_NAME_LENGTH) throw new ScimError("INVALID_VALUE", `${name} is at most ${SCIM_MAX_NAME_LENGTH} characters.`);
  checkStorable(value, name);
  return value.trim();
}

/** Takes the value of `name` out of `body` (matched without case), leaving the rest. */
function take(body: JsonObject, name: string): unknown {
  const key = keyOf(body, name);
  if (key === undefined) return undefined;
  const value = body[key];
  delete body[key];
  return value;
}

function chosenEmail(emails: unknown): string | null {
  if (emails === undefined || emails === null) return null;
  if (!Array.isArray(emails)) throw new ScimError("INVALID_VALUE", "emails is an array of {value, type, primary}.");
  const entries = emails.map((entry, i) => {
    if (!isObject(entry)) throw new ScimError("INVALID_VALUE", `emails[${i}] is an object with a value.`);
    const valueKey = keyOf(entry, "value");
    const value = valueKey === undefined ? undefined : entry[valueKey];
    if (typeof value !== "string" || value.length > 256 || !EMAIL.test(value.trim())) {
      throw new ScimError("INVALID_VALUE", `emails[${i}].value is not an e-mail address of at most 256 characters.`);
    }
    const typeKey = keyOf(entry, "type");
    const primaryKey = keyOf(entry, "primary");
    return {
      value: value.trim().toLowerCase(),
      type: typeKey !== undefined && typeof entry[typeKey] === "string" ? (entry[typeKey] as string).toLowerCase() : null,
      primary: primaryKey !== undefined ? readBoolean(entry[primaryKey], `emails[${i}].primary`, false) : false,
    };
  });
  return (entries.find((e) => e.primary) ?? entries.find((e) => e.type === "work") ?? entries[0])?.value ?? null;
}

/** Reads a User resource (POST, PUT, or the result of a PATCH). */
export function readUserResource(body: unknown): ScimUserInput {
  if (!isObject(body)) throw new ScimError("INVALID_SYNTAX", "A User is a JSON object.");
  const rest = structuredClone(body);
  for (const name of ["schemas", "id", "meta", "groups", "password"]) take(rest, name);
  const userName = readName(take(rest, "userName"), "userName", true);
  const externalId = readName(take(rest, "externalId"), "externalId", false);
  const active = readBoolean(take(rest, "active"), "active", true);
  let displayName = readName(take(rest, "displayName"), "displayName", false);
  const emailsKey = keyOf(rest, "emails");
  const email = chosenEmail(emailsKey === undefined ? undefined : rest[emailsKey]);
  const nameKey = keyOf(rest, "name");
  const name = nameKey === undefined ? undefined : rest[nameKey];
  if (displayName === null && isObject(name)) {
    const part = (n: string) => (typeof name[keyOf(name, n) ?? n] === "string" ? (name[keyOf(name, n) ?? n] as string).trim() : "");
    displayName = part("formatted") || [part("givenName"), part("familyName")].filter(Boolean).join(" ") || null;
    if (displayName) displayName = displayName.slice(0, SCIM_MAX_NAME_LENGTH);
  }
  checkStorable(rest, "The user");
  if (JSON.stringify(rest).length > SCIM_MAX_ATTRIBUTES_BYTES) {
    throw new ScimError("INVALID_VALUE", `The user's other attributes are more than ${SCIM_MAX_ATTRIBUTES_BYTES} bytes as JSON.`);
  }
  return { userName, externalId, displayName, active, email, attributes: rest };
}

/** A user's resource as it is answered (and as a PATCH is applied to). */
export function userResource(record: ScimUserRecord, groups: Array<{ id: string; displayName: string }>, baseUrl: string): JsonObject {
  const extensions = Object.keys(record.attributes).filter((key) => key.toLowerCase().startsWith("urn:"));
  return {
    schemas: [USER_SCHEMA, ...extensions],
    id: record.userId,
    ...(record.externalId !== null ? { externalId: record.externalId } : {}),
    userName: record.userName,
    ...(record.displayName !== null ? { displayName: record.displayName } : {}),
    active: record.active,
    ...record.attributes,
    groups: groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${baseUrl}/Groups/${g.id}` })),
    meta: {
      resourceType: "User",
      created: new Date(record.createdAtMillis).toISOString(),
      lastModified: new Date(record.updatedAtMillis).toISOString(),
      location: `${baseUrl}/Users/${record.userId}`,
      version: `W/"${record.version}"`,
    },
  };
}

export interface ScimGroupInput {
  displayName: string;
  externalId: string | null;
  /** Member user ids, when the resource lists them (undefined: members not given). */
  members: string[] | undefined;
}

/** The user ids of a `members` value: `[{value: id}, ...]`. */
export function readMemberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member, i) => {
    const id = isObject(member) ? member[keyOf(member, "value") ?? "value"] : member;
    if (typeof id !== "string" || id.length > 64) throw new ScimError("INVALID_VALUE", `members[${i}] is an object whose value is a user's id.`);
    return id.trim().toLowerCase();
  });
}

export function readGroupResource(body: unknown): ScimGroupInput {
  if (!isObject(body)) throw new ScimError("INVALID_SYNTAX", "A Group is a JSON object.");
  const rest = structuredClone(body);
  const displayName = readName(take(rest, "displayName"), "displayName", true);
  const externalId = readName(take(rest, "externalId"), "externalId", false);
  const members = take(rest, "members");
  return { displayName, externalId, members: members === undefined || members === null ? undefined : readMemberIds(members) };
}

export function groupResource(record: ScimGroupRecord, members: string[] | null, baseUrl: string): JsonObject {
  return {
    schemas: [GROUP_SCHEMA],
    id: record.id,
    ...(record.externalId !== null ? { externalId: record.externalId } : {}),
    displayName: record.displayName,
    ...(members !== null ? { members: members.map((id) => ({ value: id, $ref: `${baseUrl}/Users/${id}`, type: "User" })) } : {}),
    meta: {
      resourceType: "Group",
      created: new Date(record.createdAtMillis).toISOString(),
      lastModified: new Date(record.updatedAtMillis).toISOString(),
      location: `${baseUrl}/Groups/${record.id}`,
      version: `W/"${record.version}"`,
    },
  };
}

/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5) on top-level attributes: id and
 * schemas are always returned.
 */
export function projectAttributes(resource: JsonObject, query: { attributes?: string; excludedAttributes?: string }): JsonObject {
  const names = (text: string | undefined) =>
    (text ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, "").split(".")[0]!)
      .filter(Boolean);
  const wanted = names(query.attributes);
  const excluded = names(query.excludedAttributes);
  const always = new Set(["id", "schemas"]);
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const lower = key.toLowerCase();
      if (always.has(lower)) return true;
      if (wanted.length > 0) return wanted.includes(lower);
      return !excluded.includes(lower);
    }),
  );
}

export function listResponse(resources: JsonObject[], total: number, startIndex: number): JsonObject {
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}
