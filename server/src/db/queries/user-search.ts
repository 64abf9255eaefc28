import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

/**
 * Above this many matching rows, walking the list's sort index and testing each user finds a
 * page sooner than collecting and sorting every match: about sqrt(page size x users) at a
 * million users.
 */
const MANY_MATCHES = 10_000;

/** A case-insensitive substring pattern for ILIKE, with the query's own wildcards escaped. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Ids of the users whose display name, id or any contact channel contains the pattern; each branch is one trigram index lookup. */
function matchingIds(pattern: string): string {
  return `SELECT s.id FROM users s WHERE s.project_id = $1 AND s.branch_id = $2 AND s.display_name ILIKE ${pattern}
    UNION ALL SELECT s.id FROM users s WHERE s.project_id = $1 AND s.branch_id = $2 AND s.id::text ILIKE ${pattern}
    UNION ALL SELECT cc.user_id FROM contact_channels cc WHERE cc.project_id = $1 AND cc.branch_id = $2 AND cc.value ILIKE ${pattern}`;
}

/**
 * The WHERE condition on `users u` for a search, chosen by how many rows match: few
 * matches are found through the trigram indexes, many by filtering users in list order,
 * where a page fills long before the end. Both select the same users; `manyMatches` moves
 * the threshold for tests.
 */
export async function userSearchCondition(
  q: Queryable,
  tenant: Tenant,
  query: string,
  param: (value: unknown) => string,
  manyMatches = MANY_MATCHES,
): Promise<string> {
  const pattern = containsPattern(query);
  const [probe] = await q.query<{ many: boolean }>(`SELECT count(*) > $4 AS many FROM (${matchingIds("$3")} LIMIT $4 + 1) m`, [
    tenant.projectId,
    tenant.branchId,
    pattern,
    manyMatches,
  ]);
  const placeholder = param(pattern);
  // ARRAY(...) is an uncorrelated subquery, run once before the page's scan. As `IN (...)` it was
  // a semi-join that a planner without statistics (PGlite after a bulk import: no autovacuum)
  // ran once per listed user, each run reading every user: 18 s for 2,000 users.
  if (!probe?.many) return `u.id = ANY (ARRAY(${matchingIds(placeholder)}))`;
  return `(u.display_name ILIKE ${placeholder} OR u.id::text ILIKE ${placeholder} OR EXISTS (
    SELECT 1 FROM contact_channels cc WHERE cc.project_id = $1 AND cc.branch_id = $2 AND cc.user_id = u.id AND cc.value ILIKE ${placeholder}))`;
}
