import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Every database test runs on PGlite, and again on PostgreSQL when DATABASE_URL is set (CI sets it).
const databases = process.env.DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);
// With PostgreSQL and Debian's pgbouncer (CI installs both), the contract flows run once more
// against two app instances behind PgBouncer in transaction mode (startPooledServers in test/harness/server.ts).
const behindPgBouncer = process.env.DATABASE_URL && existsSync("/usr/sbin/pgbouncer")
  ? [{ extends: true, test: { name: "contract:pgbouncer", include: ["test/contract/**/*.test.ts"], env: { GATEHOUSE_TEST_DB: "postgres", GATEHOUSE_CONTRACT_POOLER: "pgbouncer" } } }]
  : [];

// The contract suite runs once more against the release artifact (scripts/build.mjs) as a
// deployment runs it: copied out of the repository, its production dependencies alone installed,
// under plain Node, on each database (test/artifact/global-setup.ts).
const againstArtifact = databases.map((db) => ({
  extends: true,
  test: {
    name: `contract:artifact:${db}`,
    include: ["test/contract/**/*.test.ts"],
    // The flows against the real server; the Prism mock's checks of the document have nothing to do with the build.
    testNamePattern: "the real server behind prism proxy",
    globalSetup: ["test/artifact/global-setup.ts"],
    env: { GATEHOUSE_TEST_DB: db, GATEHOUSE_CONTRACT_SERVER: "artifact" },
  },
}));

// Vitest's default on a two-core machine is one worker, which left the second core mostly idle
// while tests waited on servers, PostgreSQL and Chromium. Two run at once; the files that
// measure time (response-time comparisons, outage and crash recovery bounds) run after
// them, one at a time, so no other test competes with what they measure.
const WORKERS = 2;
const MEASURES_TIME = ["test/timing/**/*.test.ts", "test/operations/**/*.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: WORKERS,
    // expect.poll waits for a page or a server to get somewhere; vitest's 1 s default was
    // too short for a 1,000-row page to render while another file ran beside it.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      ...databases.map((db) => ({
        extends: true,
        test: {
          name: `server:${db}`,
          include: ["server/src/**/*.test.ts"],
          env: { GATEHOUSE_TEST_DB: db },
        },
      })),
      ...databases.map((db) => ({
        extends: true,
        test: {
          name: `e2e:${db}`,
          include: ["test/**/*.test.ts"],
          // Replacing the exclude list drops vitest's default, so node_modules is named again
          // (a package may ship its own *.test.ts files, as svix does).
          exclude: [
            "**/node_modules/**",
            "test/browser/**",
            "test/contract/**",
            ...MEASURES_TIME,
            // Stack's prebuilt pages in Chromium test the SDK and pages, not the database:
            // the server code under them is covered on PostgreSQL by the route and SDK tests.
            ...(db === "postgres" ? ["test/stack-react/**"] : []),
          ],
          env: { GATEHOUSE_TEST_DB: db },
        },
      })),
      ...databases.map((db) => ({
        extends: true,
        test: {
          name: `timed:${db}`,
          include: MEASURES_TIME,
          env: { GATEHOUSE_TEST_DB: db },
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      })),
      {
        extends: true,
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          env: { GATEHOUSE_TEST_DB: "pglite" },
        },
      },
      ...behindPgBouncer,
      ...againstArtifact,
      {
        extends: true,
        test: {
          name: "clients",
          include: ["clients/src/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The React client library's hooks, rendered in jsdom against a real server.
          name: "react",
          include: ["test/react/**/*.test.tsx"],
          environment: "jsdom",
          globalSetup: ["test/react/global-setup.ts"],
          env: { GATEHOUSE_TEST_DB: "pglite" },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/browser/support/global-setup.ts"],
          env: { GATEHOUSE_TEST_DB: "pglite" },
        },
      },
      // The pages whose issues ask for both databases (payments bought and metered, e-mail
      // written, previewed and sent, session replays recorded and played) run again on PostgreSQL; the rest of the browser suite
      // exercises the same server code, covered on PostgreSQL by the route and SDK tests.
      ...(databases.length > 1
        ? [
            {
              extends: true,
              test: {
                name: "browser:postgres",
                include: ["test/browser/dashboard-payments.test.ts", "test/browser/dashboard-email-editor.test.ts", "test/browser/dashboard-email-send.test.ts", "test/browser/dashboard-session-replays.test.ts"],
                globalSetup: ["test/browser/support/global-setup.ts"],
                env: { GATEHOUSE_TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
