import { writeFile } from "node:fs/promises";
import { createApiDocument } from "../server/src/app";

/** Writes the OpenAPI document generated from the server's routes. */
const target = process.argv[2] ?? "openapi/openapi.json";
await writeFile(target, `${JSON.stringify(createApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
