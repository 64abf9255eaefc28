import { describe, expect, it } from "vitest";
import { oauthServerUrls } from "./oauth-server";

describe("oauthServerUrls", () => {
  it("names the issuer under the project and its OpenID metadata under the issuer", () => {
    expect(oauthServerUrls("https://auth.example.com/", "p 1")).toEqual({
      issuer: "https://auth.example.com/api/v1/projects/p%201/oauth2",
      discovery: "https://auth.example.com/api/v1/projects/p%201/oauth2/.well-known/openid-configuration",
    });
  });
});
