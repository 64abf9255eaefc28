import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMetadataFetcher } from "./saml-metadata-fetch";

const METADATA = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"/>';

describe("createMetadataFetcher", () => {
  it("reads metadata, and stops reading a body past 1 MB, with or without a length, instead of holding all of it", async () => {
    let sentEndless = 0;
    let endlessClosed = false;
    const server = createServer((req, res) => {
      if (req.url === "/metadata") return void res.writeHead(200, { "content-type": "application/xml" }).end(METADATA);
      if (req.url === "/declared") return void res.writeHead(200, { "content-length": String(5_000_000) }).end();
      // An endless body without a length: chunks until the reader hangs up.
      res.writeHead(200, { "content-type": "application/xml" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sentEndless += chunk.length;
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => (endlessClosed = true));
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const fetchMetadata = createMetadataFetcher({ allowLoopback: true });
    try {
      expect(await fetchMetadata(`${base}/metadata`)).toBe(METADATA);
      await expect(fetchMetadata(`${base}/declared`)).rejects.toThrow("metadata too large");
      await expect(fetchMetadata(`${base}/endless`)).rejects.toThrow("metadata too large");
      await expect.poll(() => endlessClosed).toBe(true);
      // The reader hung up soon after 1 MB: the stream was cancelled, not drained.
      expect(sentEndless).toBeLessThan(16_000_000);
      await expect(createMetadataFetcher({ allowLoopback: false })(`${base}/metadata`)).rejects.toThrow(/reaches this machine/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
