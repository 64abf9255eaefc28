/**
 * No import circle in hand-written code: the server, the client library and the web app are
 * read as files, their relative imports (type imports too) resolved to files, and any group of
 * files that import each other round is reported. A circle means two modules are one in
 * disguise, or a type sits in the room of whoever used it first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+["'](\.{1,2}\/[^"']+)["']/gm;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((path) => existsSync(path) && statSync(path).isFile());
}

/** Groups of two or more files that reach each other (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(relative(root, member));
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("import circles", () => {
  it.each(["server/src", "clients/src", "web/src"])("has none in %s", (folder) => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(join(root, folder))) {
      const targets = [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) => resolveImport(file, match[1]!));
      graph.set(file, targets.filter((target): target is string => target !== undefined));
    }
    expect(graph.size).toBeGreaterThan(20);
    expect(circles(graph)).toEqual([]);
  });
});
