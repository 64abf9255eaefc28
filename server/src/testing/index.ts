export { createPostgresDatabase, createTestDb, postgresAdminUrl, testDbKind, type TestDbKind } from "./test-db";
export { createPgliteDataDir } from "./pglite-template";
export { createTestApp, startTestServer, freePort, TEST_INTERNAL_KEYS, TEST_SERVER_SECRET, type TestApp, type RunningTestServer } from "./test-server";
export * from "./fixtures";
export { startMailCatcher, type MailCatcher, type CaughtMail } from "./mail-catcher";
/** For tests that need mail in the outbox before the routes that send it exist in their area. */
export { deliverEmail } from "../services/emails/delivery";
