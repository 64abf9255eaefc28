import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import { clientForProvider } from "./provider-client";
import { NAMED_PROVIDERS } from "./named-providers";

const settings = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:8102" });
const verifier = "verifier-".repeat(6);
const s256 = createHash("sha256").update(verifier).digest("base64url");

// Regression: GitHub, Facebook, X, Bitbucket and others were sent no PKCE challenge at all.
describe("every upstream authorization carries PKCE S256", () => {
  for (const type of Object.keys(NAMED_PROVIDERS)) {
    it(`${type}: S256 of the flow's verifier, client_id first`, async () => {
      const client = await clientForProvider(settings, type, { type, isShared: false, clientId: "the-client", clientSecret: "the-secret", allowSignIn: true, allowConnectedAccounts: true });
      const url = client!.authorizationUrl({ state: "the-state", codeVerifier: verifier, extraScopes: [] });
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toBe(s256);
      expect([...url.searchParams.keys()][0]).toBe("client_id");
      expect(url.searchParams.get("state")).toBe("the-state");
    });
  }

  it("shared keys too (the development provider outside production)", async () => {
    const client = await clientForProvider(settings, "spotify", { type: "spotify", isShared: true, allowSignIn: true, allowConnectedAccounts: true });
    const url = client!.authorizationUrl({ state: "s", codeVerifier: verifier, extraScopes: [] });
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:8102/dev-oauth/auth");
    expect(url.searchParams.get("code_challenge")).toBe(s256);
  });
});
