// Forwards every request to the Gatehouse server unchanged, on the address Stack's tests expect
// of its backend (or of its dashboard, for the web pages). With LATEST_REWRITE=1 it also rewrites
// Stack's alias prefix /api/latest/ to /api/v1/, for a Gatehouse from before it served both
// itself; each rewrite is counted in <stateDir>/latest-rewrites.txt.
// Usage: node api-proxy.mjs <listenPort> <targetPort> [stateDir]
import http from "node:http";
import fs from "node:fs";

const listenPort = Number(process.argv[2]);
const targetPort = Number(process.argv[3]);
const stateDir = process.argv[4];
const rewrite = process.env.LATEST_REWRITE === "1";
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const rewrites = new Map();

const server = http.createServer((req, res) => {
  let path = req.url;
  if (rewrite && path.startsWith("/api/latest/")) {
    const key = `${req.method} ${path.split("?")[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id")}`;
    rewrites.set(key, (rewrites.get(key) ?? 0) + 1);
    path = "/api/v1/" + path.slice("/api/latest/".length);
  }
  const up = http.request({ host: "127.0.0.1", port: targetPort, method: req.method, path, headers: req.headers, agent }, (upRes) => {
    res.writeHead(upRes.statusCode ?? 502, upRes.rawHeaders);
    upRes.pipe(res);
  });
  up.on("error", (e) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`api-proxy: upstream error ${e.message}`);
  });
  req.pipe(up);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, "127.0.0.1", () => console.log(`api-proxy ${listenPort} -> ${targetPort} (latest rewrite ${rewrite ? "on" : "off"})`));

function dump() {
  if (!stateDir) return;
  fs.writeFileSync(`${stateDir}/latest-rewrites.txt`, [...rewrites].map(([k, v]) => `${v}\t${k}`).join("\n") + "\n");
}
setInterval(dump, 5000).unref();
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { dump(); server.close(); process.exit(0); });
