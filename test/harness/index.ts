/**
 * The black-box suites' harness, and their one way to the server's code (ARCHITECTURE §3;
 * lint refuses `@gatehouse/server` and `server/src` anywhere else in test/). It boots the
 * server through createApp (server.ts) or as a process through main.ts (server-process.ts),
 * owns the databases under it, and hands the suites the shared HTTP tools and stand-ins
 * (tools.ts; the OpenID provider stand-in is oidc-stand-in.ts, imported by the OAuth suites
 * alone). Everything else a suite does goes over HTTP.
 */
export * from "./tools";
export {
  behindPooler,
  databaseKindOf,
  deliverWebhooksNow,
  issueCodeDirectly,
  startPooledServers,
  startServer,
  storedRows,
  createPostgresDatabase,
  postgresAdminUrl,
  TEST_SERVER_SECRET,
  testDbKind,
  type ServerOptions,
  type TestDbKind,
  type TestServer,
} from "./server";
export { dumpDatabase } from "./database-dump";
