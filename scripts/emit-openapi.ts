import { writeFile } from "node:fs/promises";
import { createApiDocument } from "../server/src/app";
import { toOpenApi30 } from "../server/src/http/openapi-3.0";

/** Writes the OpenAPI document generated from the server's routes, and its 3.0.3 rendering beside it. */
const target = process.argv[2] ?? "openapi/openapi.json";
const target30 = process.argv[3] ?? "openapi/openapi-3.0.json";
const document = createApiDocument();
await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
await writeFile(target30, `${JSON.stringify(toOpenApi30(document), null, 2)}\n`);
console.log(`wrote ${target} and ${target30}`);
