/**
 * What a black-box harness needs to boot the server and own its database, and nothing else:
 * the app through createApp on a fresh database (in process or on a port), the databases
 * themselves, and the two passes a test cannot wait for through the API (an expired
 * verification code, one round of the webhook worker a test server does not run). Only
 * test/harness/ imports it, as `@gatehouse/server/testing/boot` (lint); the suites reach
 * what it starts over HTTP.
 */
export { createTestApp, startTestServer, type RunningTestServer, type TestApp, type TestAppOptions } from "./test-server";
export { TEST_INTERNAL_KEYS, TEST_SERVER_SECRET } from "./seed-keys";
export { createPostgresDatabase, openPooledTestDb, postgresAdminUrl, testDbKind, type TestDbKind } from "./test-db";
export { createPgliteDataDir } from "./pglite-template";
export { issueCode } from "../services/auth/verification-codes";
export { deliverDueWebhooks } from "../services/webhooks/delivery-worker";
