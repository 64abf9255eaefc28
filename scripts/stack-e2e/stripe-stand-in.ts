// Gatehouse's own Stripe stand-in (server/src/testing/stripe-stand-in.ts) on a fixed loopback
// port, for Stack's payments tests: the server's STRIPE_API_BASE_URL points here, and its
// webhook secret is the one Stack's helpers sign with. It answers the few values Stack's
// snapshots pin as stripe-mock does (stripeMockFixtures: onboarding link, client secrets).
// Usage: tsx stripe-stand-in.ts <port> <webhook secret>, run from the Gatehouse checkout under test
// (GATEHOUSE_DIR): the stand-in and the Stripe SDK it uses come from that checkout and its
// node_modules, not from wherever this harness folder is.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as StandIn from "../../server/src/testing/stripe-stand-in";

const standInModule = pathToFileURL(join(process.cwd(), "server", "src", "testing", "stripe-stand-in.ts")).href;
const { startStripeStandIn } = (await import(standInModule)) as typeof StandIn;

const port = Number(process.argv[2]);
const webhookSecret = process.argv[3];
if (!port || !webhookSecret) throw new Error("usage: tsx stripe-stand-in.ts <port> <webhook secret>");
const standIn = await startStripeStandIn({ port, webhookSecret, stripeMockFixtures: true });
console.log(`stripe stand-in on ${standIn.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)));
}
