/**
 * The app of app/ (a plain React app on Stack's published React SDK) built for one pinned SDK
 * release and served on its own origin, as an integrator coming from Stack Auth would run it
 * against this server: 2.8.108 sends `x-hexclave-` headers, 2.8.89 (under an npm alias) the
 * older `x-stack-` ones. The page is told the server and keys through `window.GATEHOUSE_STACK_APP`.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

export const STACK_REACT_VERSIONS = [
  { version: "2.8.108", module: "@stackframe/react", prefix: "x-hexclave-" },
  { version: "2.8.89", module: "stack-react-2-8-89", prefix: "x-stack-" },
] as const;

export type StackReactVersion = (typeof STACK_REACT_VERSIONS)[number];

export interface StackAppConfig {
  baseUrl: string;
  projectId: string;
  publishableClientKey: string;
}

export interface ServedStackApp {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml", ".woff2": "font/woff2" };

/** Builds the app against one SDK release into a fresh folder (support/build-app.mjs); returns the folder. */
export async function buildStackApp(sdk: StackReactVersion): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `stack-react-${sdk.version}-`));
  const script = fileURLToPath(new URL("./build-app.mjs", import.meta.url));
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [script, sdk.module, outDir], { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
  if (code !== 0) throw new Error(`Building the Stack React app for ${sdk.version} failed:\n${output}`);
  return outDir;
}

/** Serves a built app on a free loopback port: its files, and index.html (with the config) for every other path. */
export async function serveStackApp(dir: string, config: StackAppConfig): Promise<ServedStackApp> {
  const index = readFileSync(join(dir, "index.html"), "utf8").replace("<head>", `<head><script>window.GATEHOUSE_STACK_APP=${JSON.stringify(config)}</script>`);
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://app").pathname));
    const file = join(dir, path);
    if (path.startsWith("/assets/") && file.startsWith(dir) && isFile(file)) {
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(readFileSync(file));
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(index);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function removeBuild(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
