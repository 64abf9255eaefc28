import { connect, createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnownError } from "../errors";
import type { Db } from "./db";
import { openPostgresDb } from "./postgres";
import { MAX_PREPARED_PER_CONNECTION } from "./prepared-statements";
import { createTestDb, postgresAdminUrl, testDbKind } from "../testing/test-db";

/**
 * A TCP relay in front of PostgreSQL that a test can cut (every connection dropped, the port
 * refusing) and restore, or turn into a black hole that accepts and never answers: the
 * outages a restart, a crash or a network fault cause, without touching the shared server.
 */
type RelayMode = "relay" | "black-hole" | "held";

class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private held: Array<() => void> = [];
  port = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private mode: RelayMode = "relay",
  ) {}

  /** Holds new connections half-open (accepted, not yet forwarded) until `release`. */
  hold(): void {
    this.mode = "held";
  }

  /** Forwards the held connections and every later one. */
  release(): void {
    this.mode = "relay";
    for (const forward of this.held.splice(0)) forward();
  }

  get heldCount(): number {
    return this.held.length;
  }

  async open(mode: RelayMode = this.mode): Promise<void> {
    this.mode = mode;
    this.server = createServer((socket) => {
      this.track(socket);
      if (this.mode === "black-hole") return;
      const forward = () => {
        const upstream = this.track(connect(this.target.port, this.target.host));
        socket.pipe(upstream).pipe(socket);
      };
      if (this.mode === "held") this.held.push(forward);
      else forward();
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.sockets.delete(socket));
    return socket;
  }
}

const unavailable = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((error) => error instanceof KnownError && error.code === "DATABASE_UNAVAILABLE" && error.status === 503);

describe.runIf(testDbKind() === "postgres")("the PostgreSQL adapter through an outage", () => {
  let owner: Db;
  let databaseUrl: URL;
  let admin: pg.Client;

  beforeAll(async () => {
    owner = await createTestDb("postgres");
    const [current] = await owner.query<{ name: string }>("SELECT current_database() AS name");
    databaseUrl = new URL(postgresAdminUrl());
    databaseUrl.pathname = `/${current!.name}`;
    admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await owner?.close();
  });

  const terminate = (pids: number[]) => admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [pids]);
  const backendPid = async (q: Pick<Db, "query">) => (await q.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))[0]!.pid;

  it("survives PostgreSQL terminating its idle connections (57P01) and answers from new ones", async () => {
    const db = await openPostgresDb(databaseUrl.toString(), { max: 3 });
    try {
      const pids = await Promise.all([1, 2, 3].map(() => db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)")));
      const idle = pids.map((rows) => rows[0]!.pid);
      // Without an error listener on the pool, Node throws these terminations as uncaught errors.
      await terminate(idle);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await backendPid(db);
      expect(idle).not.toContain(after);
    } finally {
      await db.close();
    }
  });

  it("answers DATABASE_UNAVAILABLE for a transaction whose connection dies, and never reuses that connection", async () => {
    const db = await openPostgresDb(databaseUrl.toString(), { max: 1 });
    try {
      let killed = 0;
      await unavailable(
        db.transaction(async (tx) => {
          killed = await backendPid(tx);
          await terminate([killed]);
          await new Promise((resolve) => setTimeout(resolve, 100));
          await tx.query("SELECT 1");
        }),
      );
      // With one connection in the pool, a broken client handed back would fail every later query.
      for (let i = 0; i < 3; i++) expect(await backendPid(db)).not.toBe(killed);
      expect(await db.transaction((tx) => tx.query<{ one: number }>("SELECT 1 AS one"))).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it("fails at once with DATABASE_UNAVAILABLE while PostgreSQL is unreachable, and works again when it returns", async () => {
    const relay = new Relay({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    await relay.open();
    const viaRelay = new URL(databaseUrl);
    viaRelay.port = String(relay.port);
    const db = await openPostgresDb(viaRelay.toString(), { max: 2 });
    try {
      await db.query("SELECT 1");
      await relay.cut();
      await unavailable(db.query("SELECT 1"));
      await unavailable(db.transaction((tx) => tx.query("SELECT 1")));
      await relay.open();
      expect(await db.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      await relay.cut();
    }
  });

  it("says once that PostgreSQL is away and once that it is back, though a connection begun before the outage completes during it", async () => {
    const relay = new Relay({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    await relay.open();
    const viaRelay = new URL(databaseUrl);
    viaRelay.port = String(relay.port);
    const said: string[] = [];
    const log = { info: (message: string) => said.push(message), warn: (message: string) => said.push(message) };
    const db = await openPostgresDb(viaRelay.toString(), { max: 2, log });
    const until = async (condition: () => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(condition()).toBe(true);
    };
    try {
      // The only open connection is busy in a transaction, so the next query opens a second
      // one, which the relay holds half-open.
      let busyPid = 0;
      let endTransaction!: () => void;
      const transaction = db.transaction(async (tx) => {
        busyPid = await backendPid(tx);
        await new Promise<void>((resolve) => (endTransaction = resolve));
        await tx.query("SELECT 1");
      });
      await until(() => busyPid !== 0);
      relay.hold();
      const lateQuery = db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await until(() => relay.heldCount === 1);

      // The outage is noted on the busy connection; then the connection begun before it completes.
      await terminate([busyPid]);
      endTransaction();
      await unavailable(transaction);
      relay.release();
      const latePid = (await lateQuery)[0]!.pid;
      expect(said.filter((message) => message.startsWith("PostgreSQL is unreachable"))).toHaveLength(1);
      expect(said).not.toContain("PostgreSQL is reachable again");

      // A connection begun after the outage was noted shows that PostgreSQL is back.
      await terminate([latePid]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await backendPid(db)).not.toBe(latePid);
      expect(said.filter((message) => message.startsWith("PostgreSQL is unreachable"))).toHaveLength(1);
      expect(said.filter((message) => message === "PostgreSQL is reachable again")).toHaveLength(1);
    } finally {
      await db.close();
      await relay.cut();
    }
  });

  it("answers DATABASE_UNAVAILABLE when no pooled connection comes free in time, without saying PostgreSQL is away", async () => {
    const said: string[] = [];
    const log = { info: (message: string) => said.push(message), warn: (message: string) => said.push(message) };
    const db = await openPostgresDb(databaseUrl.toString(), { max: 1, connectTimeoutMs: 200, log });
    try {
      let endTransaction!: () => void;
      let started!: () => void;
      const inTransaction = new Promise<void>((resolve) => (started = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.query("SELECT 1");
        started();
        await new Promise<void>((resolve) => (endTransaction = resolve));
      });
      await inTransaction;
      await unavailable(db.query("SELECT 1"));
      endTransaction();
      await transaction;
      expect(said).toEqual([]);
      expect(await db.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it("gives up on a server that accepts connections but never answers after the connect timeout", async () => {
    const relay = new Relay({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    await relay.open();
    const viaRelay = new URL(databaseUrl);
    viaRelay.port = String(relay.port);
    const db = await openPostgresDb(viaRelay.toString(), { max: 1, connectTimeoutMs: 300 });
    try {
      await relay.cut();
      await relay.open("black-hole");
      // The first connection is still in the pool and died with the cut; the next one hangs in the black hole.
      await unavailable(db.query("SELECT 1"));
      await unavailable(db.query("SELECT 1"));
    } finally {
      await db.close();
      await relay.cut();
    }
  });

  it("keeps listening through an outage: reports the break, reconnects with backoff, and delivers notifications again", async () => {
    const relay = new Relay({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    await relay.open();
    const viaRelay = new URL(databaseUrl);
    viaRelay.port = String(relay.port);
    const db = await openPostgresDb(viaRelay.toString(), { max: 1 });
    const events: string[] = [];
    const listener = db.listen("gatehouse_test_channel", {
      notify: (payload) => events.push(`notify:${payload}`),
      connected: () => events.push("connected"),
      disconnected: () => events.push("disconnected"),
    });
    const until = async (condition: () => boolean, ms = 8_000) => {
      const deadline = Date.now() + ms;
      while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return condition();
    };
    try {
      expect(await until(() => listener.isConnected)).toBe(true);
      await owner.query("SELECT pg_notify('gatehouse_test_channel', 'one')");
      expect(await until(() => events.includes("notify:one"))).toBe(true);

      await relay.cut();
      expect(await until(() => events.includes("disconnected"))).toBe(true);
      expect(listener.isConnected).toBe(false);
      await relay.open();
      expect(await until(() => listener.isConnected)).toBe(true);
      await owner.query("SELECT pg_notify('gatehouse_test_channel', 'two')");
      expect(await until(() => events.includes("notify:two"))).toBe(true);

      // PostgreSQL ending the listening connection itself (57P01, as on a restart).
      const pids = await owner.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN gatehouse_test_channel%'",
      );
      await terminate(pids.map((row) => row.pid));
      expect(await until(() => events.filter((event) => event === "connected").length === 3)).toBe(true);
      await owner.query("SELECT pg_notify('gatehouse_test_channel', 'three')");
      expect(await until(() => events.includes("notify:three"))).toBe(true);
      expect(events.filter((event) => event === "disconnected")).toHaveLength(2);
    } finally {
      await db.close();
      await relay.cut();
    }
  });

  it("passes errors in the SQL itself through unchanged and keeps the connection", async () => {
    const db = await openPostgresDb(databaseUrl.toString(), { max: 1 });
    try {
      const before = await backendPid(db);
      await expect(db.query("SELECT * FROM no_such_table")).rejects.toMatchObject({ code: "42P01" });
      await expect(db.transaction((tx) => tx.query("SELECT 1 / 0"))).rejects.toMatchObject({ code: "22012" });
      expect(await backendPid(db)).toBe(before);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(testDbKind() === "postgres")("prepared statements on PostgreSQL", () => {
  let owner: Db;
  let databaseUrl: string;

  beforeAll(async () => {
    owner = await createTestDb("postgres");
    const [current] = await owner.query<{ name: string }>("SELECT current_database() AS name");
    const url = new URL(postgresAdminUrl());
    url.pathname = `/${current!.name}`;
    databaseUrl = url.toString();
    await owner.exec("CREATE TABLE prepared_probe (id int PRIMARY KEY, label text); INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await owner.close();
  });

  const preparedOn = (q: Db) =>
    q.transaction((tx) =>
      tx.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'gh\\_%' ORDER BY statement"),
    );

  it("prepares a statement with parameters once per connection and reuses it, and leaves statements without parameters unnamed", async () => {
    const db = await openPostgresDb(databaseUrl, { max: 1 });
    try {
      for (const id of [1, 2, 1]) expect(await db.query("SELECT label FROM prepared_probe WHERE id = $1", [id])).toHaveLength(1);
      await db.query("SELECT count(*) FROM prepared_probe");
      const prepared = await preparedOn(db);
      expect(prepared.map((row) => row.statement)).toEqual(["SELECT label FROM prepared_probe WHERE id = $1"]);
      expect(await db.query("SELECT label FROM prepared_probe WHERE id = $1", [2])).toEqual([{ label: "two" }]);
    } finally {
      await db.close();
    }
  });

  it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} distinct statements on one connection and runs the rest unnamed`, async () => {
    const db = await openPostgresDb(databaseUrl, { max: 1 });
    try {
      const extra = 5;
      for (let n = 0; n < MAX_PREPARED_PER_CONNECTION + extra; n++) {
        expect(await db.query<{ n: number }>(`SELECT $1::int + ${n} AS n`, [1])).toEqual([{ n: n + 1 }]);
      }
      const [count] = await db.query<{ count: string }>("SELECT count(*) FROM pg_prepared_statements WHERE name LIKE 'gh\\_%' AND $1", [true]);
      expect(Number(count!.count)).toBe(MAX_PREPARED_PER_CONNECTION);
    } finally {
      await db.close();
    }
  });

  it("replaces a connection whose prepared statement went stale when another process changed the table", async () => {
    const db = await openPostgresDb(databaseUrl, { max: 1 });
    try {
      await owner.exec("CREATE TABLE stale_probe (id int PRIMARY KEY, label text); INSERT INTO stale_probe VALUES (1, 'one')");
      expect(await db.query("SELECT * FROM stale_probe WHERE id = $1", [1])).toEqual([{ id: 1, label: "one" }]);
      // What a migration run by a newer process does to a table this one has a plan for.
      await owner.exec("ALTER TABLE stale_probe ADD COLUMN extra text DEFAULT 'x'");
      // A single statement is retried on a new connection; a transaction cannot be, and fails once.
      expect(await db.query("SELECT * FROM stale_probe WHERE id = $1", [1])).toEqual([{ id: 1, label: "one", extra: "x" }]);
      await owner.exec("ALTER TABLE stale_probe ADD COLUMN more text DEFAULT 'y'");
      await expect(db.transaction((tx) => tx.query("SELECT * FROM stale_probe WHERE id = $1", [1]))).rejects.toMatchObject({ code: "0A000" });
      expect(await db.transaction((tx) => tx.query("SELECT * FROM stale_probe WHERE id = $1", [1]))).toEqual([
        { id: 1, label: "one", extra: "x", more: "y" },
      ]);
    } finally {
      await db.close();
    }
  });
});
