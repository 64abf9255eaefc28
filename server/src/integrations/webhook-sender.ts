/**
 * Posts one webhook. The address check happens when the socket connects (a custom DNS lookup),
 * not before, so a host that resolves to a public address for a check and to a private one for
 * the connection (DNS rebinding) is still refused. Redirects are not followed: a 3xx is a
 * failed try, so an endpoint cannot bounce the request to somewhere the check did not see.
 */
import { lookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "./private-address";

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Whether the endpoint may be on this machine or a private network (`domains.allowLocalhost`). */
  allowPrivate: boolean;
}

export interface WebhookPostResult {
  /** The receiver's status, or null when no answer came. */
  statusCode: number | null;
  /** Why the try failed, or null for a 2xx. */
  error: string | null;
  durationMs: number;
}

/** What the endpoint answered is kept only this long in the log. */
const ANSWER_EXCERPT_BYTES = 512;

class PrivateAddressError extends Error {}

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused) return callback(new PrivateAddressError(`${hostname} resolves to the private address ${refused.address}`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export function postWebhook(post: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): WebhookPostResult => ({ statusCode, error, durationMs: performance.now() - started });
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    return Promise.resolve(done(null, "The endpoint URL is not a valid URL"));
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return Promise.resolve(done(null, "Only http and https endpoints are called"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!post.allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost"))) {
    return Promise.resolve(done(null, `${host} is a private or local address, which this project does not allow (domains.allowLocalhost)`));
  }

  const options: RequestOptions = {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(post.body), ...post.headers },
    timeout: post.timeoutMs,
    ...(post.allowPrivate ? {} : { lookup: publicOnlyLookup }),
  };
  return new Promise((resolve) => {
    const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${post.timeoutMs} ms`)), post.timeoutMs);
    const finish = (result: WebhookPostResult) => {
      clearTimeout(deadline);
      resolve(result);
    };
    const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, options, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on("data", (chunk: Buffer) => {
        if (kept < ANSWER_EXCERPT_BYTES) chunks.push(chunk.subarray(0, ANSWER_EXCERPT_BYTES - kept));
        kept += chunk.length;
      });
      res.on("end", () => {
        if (status >= 200 && status < 300) return finish(done(status, null));
        const excerpt = Buffer.concat(chunks).toString("utf8").replace(/\0/g, "").trim();
        finish(done(status, `The endpoint answered ${status}${excerpt ? `: ${excerpt}` : ""}`));
      });
      res.on("error", (error) => finish(done(status, error.message)));
    });
    req.on("timeout", () => req.destroy(new Error(`No answer within ${post.timeoutMs} ms`)));
    req.on("error", (error) => finish(done(null, error instanceof PrivateAddressError ? `${error.message}, which this project does not allow (domains.allowLocalhost)` : error.message)));
    req.end(post.body);
  });
}
