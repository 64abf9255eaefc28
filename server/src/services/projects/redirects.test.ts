import { describe, expect, it } from "vitest";
import { defaultProjectConfig } from "../project-config/document";
import { isTrustedRedirect } from "./redirects";

function configWith(domains: string[], allowLocalhost = false) {
  const config = defaultProjectConfig();
  config.domains.allowLocalhost = allowLocalhost;
  config.domains.trustedDomains = Object.fromEntries(domains.map((baseUrl, i) => [`d${i}`, { baseUrl, handlerPath: "/handler" }]));
  return config;
}

describe("trusted redirect URLs", () => {
  const config = configWith(["https://app.example.com", "https://*.preview.example.com", "https://**.tenant.example.com", "http://intranet:8080"]);

  it.each([
    ["/handler/verify", true],
    ["//evil.com/x", false],
    ["/\\evil.com", false],
    ["https://app.example.com/cb?x=1", true],
    ["https://APP.example.com/cb", true],
    ["http://app.example.com/cb", false],
    ["https://app.example.com:8443/cb", false],
    ["https://app.example.com.evil.com/cb", false],
    ["https://evilapp.example.com/cb", false],
    ["https://pr-1.preview.example.com/cb", true],
    ["https://a.b.preview.example.com/cb", false],
    ["https://a.b.tenant.example.com/cb", true],
    ["http://intranet:8080/cb", true],
    ["http://intranet/cb", false],
    ["javascript:alert(1)", false],
    ["not a url", false],
    ["http://localhost:3000/cb", false],
  ])("%s → %s", (url, trusted) => {
    expect(isTrustedRedirect(url, config)).toBe(trusted);
  });

  it("trusts localhost only when the project allows it", () => {
    expect(isTrustedRedirect("http://localhost:3000/cb", configWith([], true))).toBe(true);
    expect(isTrustedRedirect("http://127.0.0.1:3000/cb", configWith([], true))).toBe(true);
    expect(isTrustedRedirect("http://localhost:3000/cb", configWith([], false))).toBe(false);
  });
});
