/**
 * SCIM filters (RFC 7644 §3.4.2.2), parsed by scim2-parse-filter and narrowed to what
 * Gatehouse can answer: the attributes of domain/scim.ts and the operators eq, ne, co, sw, ew
 * and pr, joined by and, or and not. Anything else (gt on a date, an unknown attribute) is
 * invalidFilter, never a silent match-all. Attribute names are case-insensitive and may carry
 * their schema's URN, as the RFC allows.
 */
import { parse, type Filter } from "scim2-parse-filter";
import type { ScimFilter, ScimGroupFilterAttribute, ScimUserFilterAttribute } from "../../domain/scim";
import { ScimError } from "../../errors/scim";
import { SCIM_MAX_FILTER_LENGTH } from "./limits";

const USER_SCHEMA_PREFIX = "urn:ietf:params:scim:schemas:core:2.0:user:";
const GROUP_SCHEMA_PREFIX = "urn:ietf:params:scim:schemas:core:2.0:group:";

const USER_ATTRIBUTES: Record<string, ScimUserFilterAttribute> = {
  id: "id",
  username: "userName",
  externalid: "externalId",
  displayname: "displayName",
  active: "active",
  emails: "emails.value",
  "emails.value": "emails.value",
};
const GROUP_ATTRIBUTES: Record<string, ScimGroupFilterAttribute> = {
  id: "id",
  displayname: "displayName",
  externalid: "externalId",
  members: "members.value",
  "members.value": "members.value",
};

const invalid = (detail: string) => new ScimError("INVALID_FILTER", detail);

function attributeOf<A extends string>(path: string, prefix: string, known: Record<string, A>): A {
  let name = path.toLowerCase();
  if (name.startsWith(prefix)) name = name.slice(prefix.length);
  const attribute = known[name];
  if (!attribute) throw invalid(`The filter compares ${path}, which cannot be filtered on; filter on ${[...new Set(Object.values(known))].join(", ")}.`);
  return attribute;
}

/** `emails[type eq "work"]` (the value filter of an e-mail's type): the type, or null for another shape. */
function emailTypeOf(node: Filter): string | null {
  if (node.op !== "[]" || node.attrPath.toLowerCase() !== "emails") return null;
  const inner = node.valFilter;
  if (inner.op === "eq" && inner.attrPath.toLowerCase() === "type" && typeof inner.compValue === "string") return inner.compValue;
  return null;
}

function convert<A extends string>(node: Filter, prefix: string, known: Record<string, A>): ScimFilter<A> {
  switch (node.op) {
    case "and":
    case "or": {
      const filters: ScimFilter<A>[] = [];
      const parts = node.filters;
      for (let i = 0; i < parts.length; i++) {
        // The parser reads `emails[type eq "work"].value eq "x"` as `emails[type eq "work"] and emails.value eq "x"`:
        // join them again, so that the address compared is the one of that type.
        const type = node.op === "and" ? emailTypeOf(parts[i]!) : null;
        const next = parts[i + 1];
        if (type !== null && next && "attrPath" in next && next.op !== "[]" && next.attrPath.toLowerCase() === "emails.value") {
          const inner = convert(next, prefix, known);
          filters.push({ ...(inner as Extract<ScimFilter<A>, { attribute: A }>), emailType: type });
          i++;
          continue;
        }
        filters.push(convert(parts[i]!, prefix, known));
      }
      return filters.length === 1 ? filters[0]! : node.op === "and" ? { op: "and", filters } : { op: "or", filters };
    }
    case "not":
      return { op: "not", filter: convert(node.filter, prefix, known) };
    case "[]": {
      // attr[subfilter]: supported for the members and e-mails of a resource, on their value and type.
      const outer = node.attrPath.toLowerCase();
      return convertValuePath(outer, node.valFilter, prefix, known);
    }
    case "pr":
      return { op: "pr", attribute: attributeOf(node.attrPath, prefix, known) };
    case "eq":
    case "ne":
    case "co":
    case "sw":
    case "ew": {
      const value = node.compValue;
      if (typeof value === "number") throw invalid(`The filter compares ${node.attrPath} with a number; SCIM strings are quoted.`);
      if ((node.op !== "eq" && node.op !== "ne") && typeof value !== "string") throw invalid(`The ${node.op} operator needs a quoted string.`);
      return { op: node.op, attribute: attributeOf(node.attrPath, prefix, known), value };
    }
    default:
      throw invalid(`The ${node.op} operator is not supported here; use eq, ne, co, sw, ew or pr.`);
  }
}

function convertValuePath<A extends string>(outer: string, inner: Filter, prefix: string, known: Record<string, A>): ScimFilter<A> {
  if (inner.op === "and" || inner.op === "or") {
    const filters = inner.filters.map((f) => convertValuePath(outer, f, prefix, known));
    return inner.op === "and" ? { op: "and", filters } : { op: "or", filters };
  }
  if (inner.op === "not") return { op: "not", filter: convertValuePath(outer, inner.filter, prefix, known) };
  if (inner.op === "[]") throw invalid("A filter's [...] cannot nest.");
  const sub = (inner as { attrPath: string }).attrPath.toLowerCase();
  if (outer === "emails" && sub === "type") {
    if (inner.op !== "eq" || typeof inner.compValue !== "string") throw invalid("emails[type ...] supports eq with a quoted type.");
    return { op: "pr", attribute: attributeOf("emails.value", prefix, known), emailType: inner.compValue };
  }
  return convert({ ...inner, attrPath: `${outer}.${sub}` } as Filter, prefix, known);
}

function parsed(text: string): Filter {
  if (text.length > SCIM_MAX_FILTER_LENGTH) throw invalid(`The filter is longer than ${SCIM_MAX_FILTER_LENGTH} characters.`);
  try {
    return parse(text);
  } catch {
    throw invalid(`The filter ${JSON.stringify(text.slice(0, 200))} is not a SCIM filter (RFC 7644 §3.4.2.2), e.g. userName eq "ada@example.com".`);
  }
}

export const parseUserFilter = (text: string): ScimFilter<ScimUserFilterAttribute> => convert(parsed(text), USER_SCHEMA_PREFIX, USER_ATTRIBUTES);
export const parseGroupFilter = (text: string): ScimFilter<ScimGroupFilterAttribute> => convert(parsed(text), GROUP_SCHEMA_PREFIX, GROUP_ATTRIBUTES);
