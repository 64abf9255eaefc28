import { describe, expect, it } from "vitest";
import { defaultProjectConfig, type ProjectConfig } from "../project-config/document";
import { DEFAULT_HANDLER_PATH, handlerPathFor, normalizeHandlerPath } from "./handler-path";

function withDomains(...domains: Array<[baseUrl: string, handlerPath: string]>): ProjectConfig {
  const config = defaultProjectConfig();
  config.domains.trustedDomains = Object.fromEntries(domains.map(([baseUrl, handlerPath], i) => [`domain-${i}`, { baseUrl, handlerPath }]));
  return config;
}

describe("handlerPathFor", () => {
  it("is /handler when no trusted domain is the site's", () => {
    expect(handlerPathFor("https://auth.example.com", defaultProjectConfig())).toBe(DEFAULT_HANDLER_PATH);
    expect(handlerPathFor("https://auth.example.com", withDomains(["https://app.example.com", "/auth"]))).toBe("/handler");
  });

  it("takes the handler path of the trusted domain with the site's origin", () => {
    const config = withDomains(["https://app.example.com", "/app-handler"], ["https://auth.example.com", "/auth"]);
    expect(handlerPathFor("https://auth.example.com", config)).toBe("/auth");
    expect(handlerPathFor("https://auth.example.com/", config)).toBe("/auth");
  });

  it("matches the origin exactly: scheme and port count, wildcards stay within a label", () => {
    expect(handlerPathFor("http://auth.example.com", withDomains(["https://auth.example.com", "/auth"]))).toBe("/handler");
    expect(handlerPathFor("https://auth.example.com:8443", withDomains(["https://auth.example.com", "/auth"]))).toBe("/handler");
    expect(handlerPathFor("https://auth.example.com", withDomains(["https://*.example.com", "/auth"]))).toBe("/auth");
    expect(handlerPathFor("https://a.b.example.com", withDomains(["https://*.example.com", "/auth"]))).toBe("/handler");
  });
});

describe("normalizeHandlerPath", () => {
  it("drops trailing slashes, keeping / for the site root", () => {
    expect(normalizeHandlerPath("/auth/")).toBe("/auth");
    expect(normalizeHandlerPath("/account/auth")).toBe("/account/auth");
    expect(normalizeHandlerPath("/")).toBe("/");
  });

  it("treats a path that cannot be one (quotes, markup, query, dot segments, no leading /) as unset", () => {
    for (const unusable of ['/a"b', "/x><script>", "/a?b", "/a#b", "/a b", "/../admin", "/a/./b", "handler", "", "/a\\b", "//evil"]) {
      expect(normalizeHandlerPath(unusable), unusable).toBe("/handler");
    }
  });
});
