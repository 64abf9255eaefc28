/**
 * One area, one name: the OpenAPI tags of the published document are the list of areas, and
 * every place that holds an area's code carries one of those names. Read from the files
 * alone (the document, the folders, the catalogue's imports), so the check needs no server.
 * That each route sits in the folder of its tag is checked beside the routes
 * (server/src/routes/areas.test.ts), where the routes can be registered and read.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const at = (...parts: string[]) => join(root, ...parts);

interface Operation {
  operationId: string;
  tags?: string[];
}
const document = JSON.parse(readFileSync(at("openapi/openapi.json"), "utf8")) as {
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
};

/** A tag's area name: `API keys` is `api-keys`. */
const slug = (tag: string) => tag.toLowerCase().replaceAll(" ", "-");
const areas = document.tags.map((tag) => slug(tag.name));
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));

const folders = (path: string) => readdirSync(path).filter((name) => statSync(join(path, name)).isDirectory());

describe("one list of area names", () => {
  it("has one tag per operation, from the document's list, and no area twice", () => {
    expect(new Set(areas).size).toBe(areas.length);
    for (const operation of operations) {
      expect(operation.tags, operation.operationId).toHaveLength(1);
      expect(areas, operation.operationId).toContain(slug(operation.tags![0]!));
    }
  });

  it("names each file of the error catalogue after an area (or `general`, for what any request can meet)", () => {
    const catalogue = readFileSync(at("server/src/errors/catalogue.ts"), "utf8");
    const files = [...catalogue.matchAll(/import \{ \w+Errors \} from "\.\/([^"]+)"/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => file !== "general" && !areas.includes(file))).toEqual([]);
  });

  it("names each contract-test file after an area (`<area>.test.ts` or `<area>.<part>.test.ts`)", () => {
    const files = readdirSync(at("test/contract")).filter((name) => name.endsWith(".test.ts"));
    expect(files.filter((file) => !areas.includes(file.split(".")[0]!))).toEqual([]);
  });

  it("generates one hooks file per area", () => {
    const generated = readdirSync(at("clients/src/react-query/generated"))
      .filter((name) => name.endsWith(".ts") && name !== "index.ts" && !name.endsWith(".schemas.ts"))
      .map((name) => basename(name, ".ts"));
    expect(generated.sort()).toEqual([...areas].sort());
  });

  it("names each dashboard feature after an area (`shell` is the dashboard's frame)", () => {
    const features = folders(at("web/src/features/dashboard"));
    expect(features.length).toBeGreaterThan(5);
    expect(features.filter((feature) => feature !== "shell" && !areas.includes(feature))).toEqual([]);
  });
});
