import { describe, expect, it } from "vitest";
import { startupBanner } from "./startup-banner";

const facts = {
  publicUrl: "http://localhost:8102",
  listenUrl: "http://localhost:8102",
  database: { kind: "pglite", dataDir: ".data" },
  servesWeb: true,
  hasAdmin: false,
} as const;

describe("the start-up banner", () => {
  it("names every address a newcomer needs and the one step to become the first admin", () => {
    const banner = startupBanner(facts);
    expect(banner).toContain("Dashboard      http://localhost:8102/dashboard");
    expect(banner).toContain("Sign-in pages  http://localhost:8102/handler/sign-in");
    expect(banner).toContain("API            http://localhost:8102/api/v1");
    expect(banner).toContain("API reference  http://localhost:8102/api/docs");
    expect(banner).toContain("Documentation  http://localhost:8102/docs");
    expect(banner).toContain("PGlite in .data (set DATABASE_URL for PostgreSQL)");
    expect(banner).toContain("become the first admin. Open http://localhost:8102/handler/sign-up?after_auth_return_to=%2Fdashboard");
    expect(banner).not.toContain("Listening on");
  });

  it("sends an existing admin to sign in, and names PostgreSQL and a listening address behind a proxy", () => {
    const banner = startupBanner({ ...facts, publicUrl: "https://auth.example.com", database: { kind: "postgres" }, hasAdmin: true });
    expect(banner).toContain("sign in at https://auth.example.com/dashboard");
    expect(banner).not.toContain("first admin");
    expect(banner).toContain("PostgreSQL (DATABASE_URL)");
    expect(banner).toContain("Listening on   http://localhost:8102");
  });

  it("says the web app is not served here when SERVE_WEB is off", () => {
    const banner = startupBanner({ ...facts, servesWeb: false });
    expect(banner).not.toContain("/dashboard");
    expect(banner).toContain("SERVE_WEB=false");
  });
});
