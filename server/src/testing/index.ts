export { createTestDb, testDbKind, type TestDbKind } from "./test-db";
export { createTestApp, startTestServer, freePort, TEST_INTERNAL_KEYS, type TestApp, type RunningTestServer } from "./test-server";
export * from "./fixtures";
