/**
 * One area, one name (issue 26): each folder of `routes/` is an area, and every operation a
 * folder registers carries that area's OpenAPI tag. Each route module is loaded and its
 * register functions run on a bare router, so a route whose tag and folder differ fails here.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { createRouter, type Router } from "../http/router";
import { OPENAPI_TAGS } from "./index";

/** A tag's area name: `API keys` is `api-keys`. */
const slug = (tag: string) => tag.toLowerCase().replaceAll(" ", "-");

const here = import.meta.dirname;
const folders = readdirSync(here).filter((name) => statSync(join(here, name)).isDirectory());

async function tagsRegisteredIn(folder: string): Promise<Array<{ file: string; operationId: string; tags: string[] }>> {
  const found: Array<{ file: string; operationId: string; tags: string[] }> = [];
  const files = readdirSync(join(here, folder)).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
  for (const file of files) {
    const module = (await import(pathToFileURL(join(here, folder, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!/^register\w+Routes$/.test(name) || typeof value !== "function") continue;
      const router = createRouter();
      (value as (router: Router) => void)(router);
      for (const definition of router.openAPIRegistry.definitions) {
        if (definition.type !== "route") continue;
        found.push({ file: `${folder}/${file}`, operationId: definition.route.operationId ?? "", tags: definition.route.tags ?? [] });
      }
    }
  }
  return found;
}

describe("routes by area", () => {
  it("has one folder per OpenAPI tag, and a tag for every folder", () => {
    expect([...folders].sort()).toEqual(OPENAPI_TAGS.map((tag) => slug(tag.name)).sort());
  });

  it.each(folders)("tags every operation registered in routes/%s/ with that area", async (folder) => {
    const registered = await tagsRegisteredIn(folder);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => route.tags.length !== 1 || slug(route.tags[0]!) !== folder)).toEqual([]);
  });
});
