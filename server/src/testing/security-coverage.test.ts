/**
 * Every protected operation of the OpenAPI document runs the shared security table. Test
 * files run in separate workers, so the entries are read from their source: each
 * `describeSecurity({ operationId: "…", … })` names its operation first, and the table itself
 * checks at run time that the entry really is that operation (security-table.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { documentedOperations, type DocumentedOperation } from "./security-table";
import { useSharedTestApp } from "./shared-app";

const SERVER_SRC = fileURLToPath(new URL("..", import.meta.url));

function securityEntriesInSource(): { operationIds: Set<string>; unnamed: string[] } {
  const operationIds = new Set<string>();
  const unnamed: string[] = [];
  const files = readdirSync(SERVER_SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".test.ts") && !file.endsWith("security-coverage.test.ts"));
  for (const file of files) {
    const source = readFileSync(join(SERVER_SRC, file), "utf8");
    for (const call of source.matchAll(/describeSecurity\(\{(\s*operationId:\s*"([A-Za-z0-9_]+)")?/g)) {
      if (call[2]) operationIds.add(call[2]);
      else unnamed.push(`${file}: describeSecurity({ … }) does not name its operationId first`);
    }
  }
  return { operationIds, unnamed };
}

/** The operations of the SSO set-up API (a link's token, no project headers) that run describeSsoPortalSecurity. */
function portalEntriesInSource(): Set<string> {
  const operationIds = new Set<string>();
  const files = readdirSync(SERVER_SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".test.ts"));
  for (const file of files) {
    for (const call of readFileSync(join(SERVER_SRC, file), "utf8").matchAll(/describeSsoPortalSecurity\(\{\s*operationId:\s*"([A-Za-z0-9_]+)"/g)) operationIds.add(call[1]!);
  }
  return operationIds;
}

describe("security table coverage", () => {
  const app = useSharedTestApp();
  let operations: Map<string, DocumentedOperation>;
  beforeAll(async () => {
    operations = await documentedOperations(app());
  });

  it("finds the document's protected operations and the table's entries", () => {
    const protectedCount = [...operations.values()].filter((op) => op.access.length > 0).length;
    expect(protectedCount).toBeGreaterThan(50);
    expect(securityEntriesInSource().operationIds.size).toBeGreaterThan(50);
  });

  it("has every entry name its operationId first", () => {
    expect(securityEntriesInSource().unnamed).toEqual([]);
  });

  it("runs the table for every protected operation of the document", () => {
    const { operationIds } = securityEntriesInSource();
    const missing = [...operations]
      .filter(([id, op]) => op.access.length > 0 && !operationIds.has(id))
      .map(([id, op]) => `${id} (${op.method} ${op.path})`);
    expect(missing).toEqual([]);
  });

  it("names only operations that exist and are protected", () => {
    const { operationIds } = securityEntriesInSource();
    const unknown = [...operationIds].filter((id) => !operations.get(id)?.access.length);
    expect(unknown).toEqual([]);
  });

  it("runs the set-up link table for every operation of the SSO set-up API", () => {
    const entries = portalEntriesInSource();
    const missing = [...operations].filter(([id, op]) => op.path.startsWith("/sso-portal") && !entries.has(id)).map(([id, op]) => `${id} (${op.method} ${op.path})`);
    expect(missing).toEqual([]);
    expect(entries.size).toBeGreaterThan(10);
  });
});
