/** The server secret and the internal project's seeded keys every test server starts with. */
export const TEST_SERVER_SECRET = "test-server-secret-test-server-secret-0123456789";

export const TEST_INTERNAL_KEYS = {
  publishableClientKey: "pck_test_internal_publishable",
  secretServerKey: "ssk_test_internal_secret",
  superSecretAdminKey: "sak_test_internal_admin",
};
