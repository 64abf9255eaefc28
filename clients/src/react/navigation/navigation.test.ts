import { describe, expect, it } from "vitest";
import { handlerUrls } from "./handler-urls";
import { readReturnTarget, withReturnTo } from "./return-target";
import { isTrustedRedirect } from "./trusted-redirect";

const policy = { domains: [{ domain: "https://app.example.com" }, { domain: "https://*.tenants.example.com:8443" }], allow_localhost: false };

describe("isTrustedRedirect", () => {
  it("trusts relative paths, and nothing that only looks relative", () => {
    expect(isTrustedRedirect("/account?x=1", policy)).toBe(true);
    expect(isTrustedRedirect("//evil.example/", policy)).toBe(false);
    expect(isTrustedRedirect("/\\evil.example/", policy)).toBe(false);
    expect(isTrustedRedirect("javascript:alert(1)", policy)).toBe(false);
  });

  it("trusts the project's domains, with * inside one label and the port as written", () => {
    expect(isTrustedRedirect("https://app.example.com/welcome", policy)).toBe(true);
    expect(isTrustedRedirect("https://APP.example.com", policy)).toBe(true);
    expect(isTrustedRedirect("http://app.example.com/", policy)).toBe(false);
    expect(isTrustedRedirect("https://app.example.com.evil.example/", policy)).toBe(false);
    expect(isTrustedRedirect("https://acme.tenants.example.com:8443/", policy)).toBe(true);
    expect(isTrustedRedirect("https://a.b.tenants.example.com:8443/", policy)).toBe(false);
    expect(isTrustedRedirect("https://acme.tenants.example.com/", policy)).toBe(false);
  });

  it("trusts this site's own origin, and localhost only when the project allows it", () => {
    expect(isTrustedRedirect("http://localhost:8102/x", policy, "http://localhost:8102")).toBe(true);
    expect(isTrustedRedirect("http://localhost:3000/x", policy, "http://localhost:8102")).toBe(false);
    expect(isTrustedRedirect("http://localhost:3000/x", { ...policy, allow_localhost: true })).toBe(true);
  });
});

describe("readReturnTarget", () => {
  it("names an untrusted target with SPEC's message", () => {
    expect(readReturnTarget("?after_auth_return_to=https%3A%2F%2Fevil.example%2F", policy)).toEqual({
      kind: "untrusted",
      url: "https://evil.example/",
      message: "Redirect URL https://evil.example/ is not trusted; should be relative.",
    });
    expect(readReturnTarget("?after_auth_return_to=%2Fteams", policy)).toEqual({ kind: "trusted", url: "/teams" });
    expect(readReturnTarget("?other=1", policy)).toEqual({ kind: "none" });
  });

  it("withReturnTo keeps the path's own query", () => {
    expect(withReturnTo("/handler/sign-in?x=1", "/a?b=c")).toBe("/handler/sign-in?x=1&after_auth_return_to=%2Fa%3Fb%3Dc");
  });
});

describe("handlerUrls", () => {
  it("puts every page under the handler path, and the after-* targets at home unless given", () => {
    const urls = handlerUrls({ handlerPath: "/auth/", afterSignUp: "/welcome" });
    expect(urls.signIn).toBe("/auth/sign-in");
    expect(urls.cliAuthConfirm).toBe("/auth/cli-auth-confirm");
    expect([urls.home, urls.afterSignIn, urls.afterSignOut, urls.afterSignUp]).toEqual(["/", "/", "/", "/welcome"]);
    expect(handlerUrls().accountSettings).toBe("/handler/account-settings");
  });
});
