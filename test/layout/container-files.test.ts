/**
 * The container files, read as files: CI machines may have no container engine, so this checks
 * what can go stale without one. The Dockerfile's stages refer to stages that exist and copy
 * paths that exist (and that .dockerignore lets through); the runtime stage keeps its promises
 * (an unprivileged user, a health check, PGlite's folder as a volume); compose.yaml's services
 * build from folders that exist, depend on services that exist, and reach PostgreSQL through
 * PgBouncer with the settings a transaction pooler needs. scripts/container-smoke.sh runs them.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = join(import.meta.dirname, "../..");
const at = (...parts: string[]) => join(root, ...parts);
const read = (...parts: string[]) => readFileSync(at(...parts), "utf8");
const exists = (path: string) => {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
};

interface Instruction {
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const logical: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim() !== "") logical.push(current.trim());
    current = "";
  }
  return logical.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword!.toUpperCase(), args: rest.join(" ") };
  });
}

interface Stage {
  name: string | undefined;
  base: string;
  steps: Instruction[];
}

function stages(all: Instruction[]): Stage[] {
  const result: Stage[] = [];
  for (const instruction of all) {
    if (instruction.keyword === "FROM") {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      result.push({ base: match![1]!, name: match![2], steps: [] });
    } else {
      result.at(-1)?.steps.push(instruction);
    }
  }
  return result;
}

/** The sources of a COPY from the build context (not --from another stage). */
function contextSources(step: Instruction): string[] {
  const words = step.args.split(/\s+/);
  if (words.some((word) => word.startsWith("--from="))) return [];
  const paths = words.filter((word) => !word.startsWith("--"));
  return paths.slice(0, -1);
}

/** Whether .dockerignore leaves `path` in the build context: the last matching pattern decides. */
function sentToBuild(ignore: string[], path: string): boolean {
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]]/g, "\\$&")
        .replace(/\*\*\//g, "(?:.*/)?")
        .replace(/\*\*/g, ".*")
        .replace(/\*/g, "[^/]*")}(?:/.*)?$`,
    );
  let sent = true;
  for (const line of ignore) {
    const negated = line.startsWith("!");
    if (toRegExp(negated ? line.slice(1) : line).test(path)) sent = negated;
  }
  return sent;
}

const dockerignore = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("Dockerfile", () => {
  const all = stages(instructions(read("Dockerfile")));
  const names = all.map((stage) => stage.name);
  const runtime = all.at(-1)!;
  const env = Object.fromEntries(
    runtime.steps
      .filter((step) => step.keyword === "ENV")
      .flatMap((step) => [...step.args.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1], match[2]])),
  );

  it("builds every stage from the NODE_IMAGE argument or from an earlier stage", () => {
    expect(read("Dockerfile")).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    all.forEach((stage, index) => {
      if (stage.base === "${NODE_IMAGE}") return;
      expect(names.slice(0, index), `${stage.name} from ${stage.base}`).toContain(stage.base);
    });
  });

  it("copies --from stages that come before, and from the context paths that exist and are sent", () => {
    all.forEach((stage, index) => {
      for (const step of stage.steps.filter((s) => s.keyword === "COPY")) {
        const from = /--from=(\S+)/.exec(step.args)?.[1];
        if (from) expect(names.slice(0, index), step.args).toContain(from);
        for (const source of contextSources(step)) {
          const path = source.replace(/\/$/, "");
          if (path === ".") continue;
          expect(exists(at(path)), `${path} exists`).toBe(true);
          expect(sentToBuild(dockerignore, path), `${path} is not excluded by .dockerignore`).toBe(true);
        }
      }
    });
  });

  it("copies every workspace's manifest before npm ci, as npm ci reads them all", () => {
    const build = all.find((stage) => stage.name === "build")!;
    const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
    const copied = build.steps.filter((step) => step.keyword === "COPY").flatMap(contextSources);
    for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
  });

  it("keeps out of the build context what is installed or built on the host", () => {
    for (const path of ["node_modules", "server/node_modules", "web/dist", "dist", ".data", ".git", "test/harness/server.ts"]) {
      expect(sentToBuild(dockerignore, path), path).toBe(false);
    }
    expect(sentToBuild(dockerignore, "test/package.json")).toBe(true);
  });

  it("runs as an unprivileged user, with a health check, PGlite's folder as a volume and the port exposed", () => {
    expect(runtime.steps.filter((step) => step.keyword === "USER").at(-1)?.args).toBe("gatehouse");
    expect(runtime.steps.find((step) => step.keyword === "HEALTHCHECK")?.args).toContain("/health/ready");
    expect(env.NODE_ENV).toBe("production");
    expect(runtime.steps.find((step) => step.keyword === "VOLUME")?.args).toContain(`"${env.DATA_DIR}"`);
    expect(runtime.steps.find((step) => step.keyword === "EXPOSE")?.args).toBe(env.PORT);
  });

  it("starts the server bundle that `npm run build` writes, with nothing of the build stage but dist/", () => {
    expect((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.build).toBeDefined();
    expect(runtime.steps.find((step) => step.keyword === "CMD")?.args).toContain('"server.js"');
    const fromBuild = runtime.steps.filter((step) => step.keyword === "COPY" && step.args.includes("--from=build"));
    expect(fromBuild.map((step) => step.args.split(/\s+/).at(-2))).toEqual(["/src/dist"]);
  });
});

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, { build?: { context: string }; depends_on?: string[] | Record<string, unknown>; environment?: Record<string, string>; healthcheck?: unknown; volumes?: string[] }>;
    volumes: Record<string, unknown>;
  };
  const services = Object.keys(compose.services);
  const replicas = services.filter((name) => /^gatehouse-\d+$/.test(name));
  const hostOf = (url: string) => new URL(url.replace(/\$\{[^}]*\}/g, "secret")).host;

  it("builds each service from a folder with a Dockerfile, and depends only on services it defines", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) expect(exists(at(service.build.context, "Dockerfile")), name).toBe(true);
      const needs = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const need of needs) expect(services, `${name} depends on ${need}`).toContain(need);
    }
  });

  it("runs two replicas through PgBouncer in transaction mode, with LISTEN straight to PostgreSQL", () => {
    expect(replicas).toHaveLength(2);
    for (const name of replicas) {
      const env = compose.services[name]!.environment!;
      expect(env.DATABASE_POOLER).toBe("transaction");
      expect(hostOf(env.DATABASE_URL!)).toBe("pgbouncer:6432");
      expect(hostOf(env.DATABASE_DIRECT_URL!)).toBe("postgres:5432");
      expect(env.STACK_SERVER_SECRET, "one secret for every replica").toMatch(/^\$\{STACK_SERVER_SECRET/);
    }
    expect(read("deploy/pgbouncer/entrypoint.sh")).toMatch(/^pool_mode = transaction$/m);
  });

  it("balances over every replica, checking /health/ready", () => {
    const haproxy = read("deploy/balancer/haproxy.cfg");
    expect(haproxy).toMatch(/option httpchk GET \/health\/ready$/m);
    for (const name of replicas) expect(haproxy).toMatch(new RegExp(`^\\s*server ${name} ${name}:8102$`, "m"));
  });

  it("keeps PostgreSQL's data in a named volume and checks its health", () => {
    expect(compose.services.postgres!.healthcheck).toBeDefined();
    const [volume] = compose.services.postgres!.volumes![0]!.split(":");
    expect(Object.keys(compose.volumes)).toContain(volume);
  });

  it("ships its entrypoint scripts executable", () => {
    for (const script of ["deploy/pgbouncer/entrypoint.sh", "scripts/container/postgres-standin/entrypoint.sh", "scripts/container-smoke.sh", "scripts/container/make-base-images.sh"]) {
      expect(statSync(at(script)).mode & 0o111, script).not.toBe(0);
    }
  });
});
