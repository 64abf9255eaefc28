import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../db/migrate";
import { openPgliteDb } from "../db/pglite";

const migrationsDir = fileURLToPath(new URL("../db/migrations/", import.meta.url));
const cacheDir = fileURLToPath(new URL("../../../node_modules/.cache/gatehouse/", import.meta.url));

/**
 * PGlite's initdb costs seconds; loading a dump of an already-migrated database costs a
 * fraction of that. The dump is cached on disk, keyed by the migrations and the PGlite
 * version, so every test file after the first starts from it.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const path = join(cacheDir, `pglite-${await templateKey()}.tar`);
  if (existsSync(path)) return new Blob([new Uint8Array(await readFile(path))]);

  const db = await openPgliteDb(undefined);
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await mkdir(cacheDir, { recursive: true });
  // Several test workers may build it at once: write aside, then rename atomically.
  const temporary = `${path}.${process.pid}.${Date.now()}`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
  return new Blob([bytes]);
}

async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  const require = createRequire(import.meta.url);
  const pglitePackage = join(dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(existsSync(pglitePackage) ? await readFile(pglitePackage) : "unknown");
  for (const name of (await readdir(migrationsDir)).sort()) hash.update(name).update(await readFile(join(migrationsDir, name)));
  return hash.digest("hex").slice(0, 16);
}

/** Fills an empty folder with a migrated PGlite database, as a first start would, in a fraction of the time. */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  const db = await openPgliteDb(dataDir, { loadDataDir: await migratedPgliteTemplate() });
  await db.close();
}
