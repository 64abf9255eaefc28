import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import type { Db } from "../../db/db";
import { silentLogger } from "../../logger";
import { createTestDb } from "../../testing/test-db";
import { createDeps } from "../create-deps";
import { ensureInternalProject } from "./internal-project";
import { checkServerSecret, ServerSecretMismatchError, type SecretOrigin } from "./server-secret-check";

const SECRET = "the-secret-this-database-was-set-up-with-0123456789";
const OTHER_SECRET = "another-data-folder-generated-this-one-0123456789";
const FROM_ENV: SecretOrigin = { source: "env", file: "/data/server-secret" };
const FROM_FILE: SecretOrigin = { source: "generated", file: "/data/b/server-secret" };

const verifiers = async (db: Db) => (await db.query<{ verifier: string }>("SELECT verifier FROM server_secret_verifier")).map((r) => r.verifier);

describe("the server secret is checked against the database at start", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());
  // Each test starts from a database as it was before any server started on it.
  beforeEach(async () => {
    await db.query("DELETE FROM server_secret_verifier");
    await db.query("DELETE FROM signing_keys");
  });

  it("records a verifier on first start that does not reveal the secret, and accepts the same secret after", async () => {
    expect(await checkServerSecret(db, SECRET, FROM_ENV)).toBe("recorded");
    const [stored] = await verifiers(db);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(SECRET.slice(0, 12));
    expect(await checkServerSecret(db, SECRET, FROM_ENV)).toBe("matched");
    expect(await verifiers(db)).toEqual([stored]);
  });

  it("refuses another secret with a message saying what to set", async () => {
    await checkServerSecret(db, SECRET, FROM_ENV);
    await expect(checkServerSecret(db, OTHER_SECRET, FROM_ENV)).rejects.toThrow(ServerSecretMismatchError);
    await expect(checkServerSecret(db, OTHER_SECRET, FROM_ENV)).rejects.toThrow(/Set STACK_SERVER_SECRET to the secret the database was set up with/);
    await expect(checkServerSecret(db, OTHER_SECRET, FROM_FILE)).rejects.toThrow(
      /generated a new secret in \/data\/b\/server-secret\. Set STACK_SERVER_SECRET .* or put that secret in \/data\/b\/server-secret/,
    );
  });

  it("checks a database set up before verifiers by opening one of its sealed signing keys", async () => {
    const deps = createDeps(db, loadConfig({ NODE_ENV: "test" }), SECRET, silentLogger);
    await ensureInternalProject(deps);
    await deps.signingKeys.keysFor("internal");
    expect(await verifiers(db)).toEqual([]);

    await expect(checkServerSecret(db, OTHER_SECRET, FROM_ENV)).rejects.toThrow(ServerSecretMismatchError);
    expect(await verifiers(db)).toEqual([]);
    expect(await checkServerSecret(db, SECRET, FROM_ENV)).toBe("recorded");
    await expect(checkServerSecret(db, OTHER_SECRET, FROM_ENV)).rejects.toThrow(ServerSecretMismatchError);
  });
});
