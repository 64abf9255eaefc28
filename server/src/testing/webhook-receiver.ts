import { createServer, type IncomingHttpHeaders } from "node:http";
import { Webhook } from "svix";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  webhookId: string;
}

/** What the receiver does with a request: answer this status, or never answer. */
export type ReceiverAnswer = number | "hang";

export interface WebhookReceiver {
  url: string;
  /** Every request that arrived, in order (answered or not). */
  received: ReceivedWebhook[];
  /** Decides the answer to each request; 200 unless replaced. */
  answer: (request: ReceivedWebhook) => ReceiverAnswer;
  /** The bodies of requests that verify under `secret`, parsed, each webhook-id once: what a de-duplicating receiver processes. */
  processed(secret: string): Array<{ type: string; data: any; webhookId: string }>;
  /** Resolves once `count` requests have arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP endpoint on loopback that keeps what it receives and checks signatures with the
 * `svix` package, as an integrator's receiver would.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<() => void>();
  const receiver: WebhookReceiver = {
    url: "",
    received,
    answer: () => 200,
    processed(secret) {
      const verifier = new Webhook(secret);
      const seen = new Set<string>();
      const out: Array<{ type: string; data: any; webhookId: string }> = [];
      for (const request of received) {
        try {
          verifier.verify(request.body, request.headers as Record<string, string>);
        } catch {
          continue;
        }
        if (seen.has(request.webhookId)) continue;
        seen.add(request.webhookId);
        out.push({ ...JSON.parse(request.body), webhookId: request.webhookId });
      }
      return out;
    },
    async waitForCount(count, timeoutMs = 20_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`Only ${received.length} of ${count} webhooks arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), webhookId: String(req.headers["webhook-id"] ?? "") };
      received.push(request);
      const answer = receiver.answer(request);
      if (answer === "hang") {
        const release = () => res.destroy();
        hanging.add(release);
        res.on("close", () => hanging.delete(release));
        return;
      }
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer >= 300 ? `refused with ${answer}` : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks`;
  return receiver;
}
