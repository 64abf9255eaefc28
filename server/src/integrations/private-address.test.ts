import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { discover } from "../services/oauth/oidc-client";
import { outboundUrlProblem, publicOnlyFetch } from "./private-address";

describe("outboundUrlProblem", () => {
  it("refuses private networks, plain HTTP and (unless allowed) this machine", async () => {
    const strict = { allowLoopback: false };
    const local = { allowLoopback: true };
    const problem = (url: string, options = strict) => outboundUrlProblem(new URL(url), options);
    expect(await problem("https://10.0.0.7/metadata")).toBe("it reaches a private network");
    expect(await problem("https://169.254.169.254/latest/meta-data")).toBe("it reaches a private network");
    expect(await problem("https://[fd12::1]/")).toBe("it reaches a private network");
    expect(await problem("https://[::ffff:192.168.1.1]/")).toBe("it reaches a private network");
    expect(await problem("https://[::ffff:7f00:1]/")).toBe("it reaches a private network");
    expect(await problem("http://93.184.215.14/")).toBe("it is not HTTPS");
    expect(await problem("https://127.0.0.1:8443/")).toBe("it reaches this machine");
    expect(await problem("http://localhost:8080/")).toBe("it reaches this machine");
    expect(await problem("http://127.0.0.1:8080/", local)).toBeNull();
    expect(await problem("https://93.184.215.14/")).toBeNull();
  });
});

describe("publicOnlyFetch", () => {
  it("checks every request an OpenID configuration makes, from discovery on", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await discover(issuer, "client", "secret", { fetch: publicOnlyFetch({ allowLoopback: false }) }).catch((error: unknown) => error);
      expect(String((refused as Error).cause ?? refused)).toMatch(/reaches this machine/);
      expect(requests).toBe(0);
      await expect(publicOnlyFetch({ allowLoopback: false })("https://10.0.0.7/.well-known/openid-configuration", {})).rejects.toThrow(/private network/);
      // Allowed, the request goes through (and the stand-in's 500 fails discovery on its own).
      await expect(discover(issuer, "client", "secret", { fetch: publicOnlyFetch({ allowLoopback: true }) })).rejects.toThrow();
      expect(requests).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
