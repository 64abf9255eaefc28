/**
 * SCIM provisioning (services/scim/): a team's directory, and the users and groups its identity
 * provider manages through it. db/queries/scim.ts maps rows to these once.
 */

export interface ScimDirectory {
  id: string;
  projectId: string;
  branchId: string;
  teamId: string;
  displayName: string;
  /** Whether a token is set: false after revocation, until a new one is made. */
  hasToken: boolean;
  /** The token's last four characters, to tell tokens apart; null while revoked. */
  tokenHint: string | null;
  tokenCreatedAtMillis: number | null;
  lastUsedAtMillis: number | null;
  createdAtMillis: number;
}

/** What a directory keeps of a user beyond the Gatehouse user itself. */
export interface ScimUserRecord {
  directoryId: string;
  userId: string;
  userName: string;
  externalId: string | null;
  displayName: string | null;
  email: string | null;
  active: boolean;
  /** This directory made the Gatehouse user; otherwise it linked an existing one. */
  createdUser: boolean;
  /** The SCIM attributes without a column of their own (name, title, phoneNumbers...), as sent. */
  attributes: Record<string, unknown>;
  version: number;
  createdAtMillis: number;
  updatedAtMillis: number;
}

export interface ScimGroupRecord {
  directoryId: string;
  id: string;
  displayName: string;
  externalId: string | null;
  /** The team permissions the group's members hold; empty for a group kept with its members only. */
  permissionIds: string[];
  version: number;
  createdAtMillis: number;
  updatedAtMillis: number;
}

/** The attributes a filter may compare, per resource type (services/scim/filter.ts reads them from SCIM's names). */
export type ScimUserFilterAttribute = "id" | "userName" | "externalId" | "displayName" | "active" | "emails.value";
export type ScimGroupFilterAttribute = "id" | "displayName" | "externalId" | "members.value";

/**
 * A parsed SCIM filter (RFC 7644 §3.4.2.2) over the attributes above. `emailType` narrows an
 * `emails.value` comparison to the addresses of that type (`emails[type eq "work"].value`).
 */
export type ScimFilter<Attribute extends string> =
  | { op: "and"; filters: ScimFilter<Attribute>[] }
  | { op: "or"; filters: ScimFilter<Attribute>[] }
  | { op: "not"; filter: ScimFilter<Attribute> }
  | { op: "eq" | "ne" | "co" | "sw" | "ew"; attribute: Attribute; value: string | boolean | null; emailType?: string }
  | { op: "pr"; attribute: Attribute; emailType?: string };
