/** What a person starting the server in development needs to know, as plain lines (production logs JSON only). */
export interface BannerFacts {
  publicUrl: string;
  /** Where the server listens, when it differs from the public address (a proxy in front). */
  listenUrl: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres" };
  /** Whether the handler pages and the dashboard are served here (SERVE_WEB). */
  servesWeb: boolean;
  /** Whether the internal project has a user yet: without one, the first sign-up becomes the first admin. */
  hasAdmin: boolean;
}

export function startupBanner(facts: BannerFacts): string {
  const base = facts.publicUrl;
  const rows: Array<[string, string]> = [];
  if (facts.servesWeb) {
    rows.push(["Dashboard", `${base}/dashboard`], ["Sign-in pages", `${base}/handler/sign-in`]);
  }
  rows.push(["API", `${base}/api/v1`], ["API reference", `${base}/api/docs`], ["Documentation", `${base}/docs`]);
  rows.push(["Database", facts.database.kind === "pglite" ? `PGlite in ${facts.database.dataDir} (set DATABASE_URL for PostgreSQL)` : "PostgreSQL (DATABASE_URL)"]);
  if (facts.listenUrl !== base) rows.push(["Listening on", facts.listenUrl]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ["", "Gatehouse is running.", "", ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), ""];
  if (!facts.servesWeb) lines.push("  The web app is not served here (SERVE_WEB=false): run it elsewhere to reach the dashboard.");
  else if (facts.hasAdmin) lines.push(`  Administer your projects: sign in at ${base}/dashboard`);
  else lines.push(`  Next: become the first admin. Open ${base}/handler/sign-up?after_auth_return_to=%2Fdashboard and sign up.`);
  lines.push("");
  return lines.join("\n");
}
