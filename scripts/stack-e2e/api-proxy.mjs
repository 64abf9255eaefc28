// Forwards every request to the Gatehouse server unchanged, on the address Stack's tests expect
// of its backend (or of its dashboard, for the web pages). With LATEST_REWRITE=1 it also rewrites
// Stack's alias prefix /api/latest/ to /api/v1/, for a Gatehouse from before it served both
// itself; each rewrite is counted in <stateDir>/latest-rewrites.txt.
//
// With STRIPE_STAND_IN_URL set, a Stripe webhook delivered through it first makes the Stripe
// stand-in know the objects the event speaks of: Stack's tests describe what Stripe would answer
// about them in the event's `data.object.stack_stripe_mock_data` (Stack's backend reads that
// itself when it runs against stripe-mock); Gatehouse asks its Stripe, so the stand-in is told.
// The request itself is forwarded unchanged.
// Usage: node api-proxy.mjs <listenPort> <targetPort> [stateDir]
import http from "node:http";
import fs from "node:fs";

const listenPort = Number(process.argv[2]);
const targetPort = Number(process.argv[3]);
const stateDir = process.argv[4];
const rewrite = process.env.LATEST_REWRITE === "1";
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const rewrites = new Map();
const stripeStandIn = process.env.STRIPE_STAND_IN_URL;
const WEBHOOK = /^\/api\/(v1|latest)\/integrations\/stripe\/webhooks(\?|$)/;

/** Tells the stand-in about the event's object (see the header); never fails the delivery. */
async function seedStandIn(body) {
  try {
    const event = JSON.parse(body.toString("utf8"));
    const object = event?.data?.object;
    if (!object || typeof object !== "object") return;
    if (!object.stack_stripe_mock_data && !(typeof object.id === "string" && object.id.startsWith("pi_"))) return;
    await fetch(`${stripeStandIn}/_stand-in/seed`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ account: event.account, object }) });
  } catch {
    // not JSON, or the stand-in is away: the delivery goes on as it is
  }
}

const server = http.createServer((req, res) => {
  if (stripeStandIn && req.method === "POST" && WEBHOOK.test(req.url ?? "")) {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      void seedStandIn(body).then(() => forward(req, res, body));
    });
    return;
  }
  forward(req, res, null);
});

function forward(req, res, body) {
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
  if (body) up.end(body);
  else req.pipe(up);
}
server.keepAliveTimeout = 65_000;
server.listen(listenPort, "127.0.0.1", () => console.log(`api-proxy ${listenPort} -> ${targetPort} (latest rewrite ${rewrite ? "on" : "off"})`));

function dump() {
  if (!stateDir) return;
  fs.writeFileSync(`${stateDir}/latest-rewrites.txt`, [...rewrites].map(([k, v]) => `${v}\t${k}`).join("\n") + "\n");
}
setInterval(dump, 5000).unref();
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { dump(); server.close(); process.exit(0); });
