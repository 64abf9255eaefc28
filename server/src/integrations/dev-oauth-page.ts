/**
 * The development OAuth provider's one page: pick an identity or type one. Plain HTML with no
 * script, so it works in any browser and under a strict CSP. Identities used lately in this
 * browser are remembered in a cookie of the provider's path (addresses and names only).
 */

export interface DevIdentity {
  email: string;
  name: string | null;
}

const RECENT_COOKIE = "gatehouse_dev_oauth_recent";
const MAX_RECENT = 5;
const MAX_EMAIL = 256;
const MAX_NAME = 128;
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]{2,}$/;

const SAMPLES: DevIdentity[] = [
  { email: "ada@example.com", name: "Ada Lovelace" },
  { email: "grace@example.com", name: "Grace Hopper" },
];

const PROVIDER_NAMES: Record<string, string> = {
  google: "Google",
  github: "GitHub",
  microsoft: "Microsoft",
  spotify: "Spotify",
  facebook: "Facebook",
  discord: "Discord",
  gitlab: "GitLab",
  bitbucket: "Bitbucket",
  linkedin: "LinkedIn",
  apple: "Apple",
  x: "X",
  twitch: "Twitch",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function validIdentity(value: unknown): value is DevIdentity {
  if (typeof value !== "object" || value === null) return false;
  const { email, name } = value as Record<string, unknown>;
  return typeof email === "string" && EMAIL.test(email) && email.length <= MAX_EMAIL && (name === null || (typeof name === "string" && name.length <= MAX_NAME));
}

/** The identities this browser used lately, newest first; anything unreadable is ignored. */
export function readRecentIdentities(cookieHeader: string | undefined): DevIdentity[] {
  const raw = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${RECENT_COOKIE}=`));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw.slice(RECENT_COOKIE.length + 1), "base64url").toString("utf8"));
    return Array.isArray(parsed) ? parsed.filter(validIdentity).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie value remembering `used` first among the recent identities. */
export function recentIdentitiesCookie(recent: DevIdentity[], used: DevIdentity, secure: boolean): string {
  const list = [used, ...recent.filter((identity) => identity.email !== used.email)].slice(0, MAX_RECENT);
  const value = Buffer.from(JSON.stringify(list)).toString("base64url");
  return `${RECENT_COOKIE}=${value}; Path=/dev-oauth; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The identity a submitted form names, or why it names none. */
export function identityFromForm(form: URLSearchParams): { identity: DevIdentity } | { error: string; typed: DevIdentity } {
  const email = (form.get("email") ?? "").trim().toLowerCase();
  const name = (form.get("name") ?? "").trim().replace(/\s+/g, " ");
  const typed = { email, name: name || null };
  if (!email) return { error: "Type an e-mail address, or pick an identity above.", typed };
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) return { error: "That is not an e-mail address this page can use.", typed };
  if (name.length > MAX_NAME) return { error: `Names are at most ${MAX_NAME} characters.`, typed };
  return { identity: typed };
}

function identityButton(uid: string, identity: DevIdentity, current: boolean): string {
  const initial = escapeHtml((identity.name ?? identity.email).charAt(0).toUpperCase());
  return `<form method="post" action="/dev-oauth/interaction/${escapeHtml(uid)}" class="pick">
  <input type="hidden" name="email" value="${escapeHtml(identity.email)}">
  <input type="hidden" name="name" value="${escapeHtml(identity.name ?? "")}">
  <button type="submit" name="decision" value="continue">
    <span class="avatar" aria-hidden="true">${initial}</span>
    <span class="who"><span class="name">${escapeHtml(identity.name ?? identity.email)}</span>${identity.name ? `<span class="email">${escapeHtml(identity.email)}</span>` : ""}</span>
    ${current ? '<span class="badge">Signed in here</span>' : ""}
  </button>
</form>`;
}

export function renderIdentityPage(input: {
  clientId: string;
  uid: string;
  recent: DevIdentity[];
  current?: string | null;
  error?: string;
  typed?: DevIdentity;
}): string {
  const provider = PROVIDER_NAMES[input.clientId] ?? input.clientId;
  const known = new Set(input.recent.map((identity) => identity.email));
  const picks = [...input.recent, ...SAMPLES.filter((sample) => !known.has(sample.email))];
  const action = `/dev-oauth/interaction/${escapeHtml(input.uid)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to ${escapeHtml(provider)} (development)</title>
<style>
  :root { color-scheme: light; --ink: #17181c; --muted: #5d6270; --line: #dfe1e7; --accent: #3a4ee0; --danger: #b42318; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px 16px;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f4f5f8; }
  main { width: 100%; max-width: 440px; background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 28px; box-shadow: 0 8px 28px rgba(23, 24, 28, .06); }
  .tag { display: inline-block; font-size: 12px; font-weight: 600; letter-spacing: .02em; color: #7a4b00; background: #fff3d6; border-radius: 999px; padding: 2px 10px; }
  h1 { font-size: 22px; line-height: 1.25; margin: 12px 0 6px; }
  p.lead { margin: 0 0 20px; color: var(--muted); }
  h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 22px 0 10px; }
  .pick { margin: 0 0 8px; }
  .pick button { width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px;
    background: #fff; color: inherit; font: inherit; text-align: left; cursor: pointer; }
  .pick button:hover, .pick button:focus-visible { border-color: var(--accent); outline: none; box-shadow: 0 0 0 3px rgba(58, 78, 224, .15); }
  .avatar { flex: none; width: 36px; height: 36px; border-radius: 50%; display: grid; place-items: center; font-weight: 600; color: var(--accent); background: #eceefe; }
  .who { display: flex; flex-direction: column; min-width: 0; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  /* The address is the identity: shown whole, wrapping where it must. */
  .email { color: var(--muted); font-size: 13px; overflow-wrap: anywhere; }
  .badge { margin-left: auto; flex: none; font-size: 12px; color: var(--muted); }
  label { display: block; font-weight: 600; font-size: 14px; margin: 12px 0 4px; }
  label span { font-weight: 400; color: var(--muted); }
  input[type=email], input[type=text] { width: 100%; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  input:focus { outline: none; border-color: var(--accent); box-shadow: 0 0 0 3px rgba(58, 78, 224, .15); }
  .error { margin: 12px 0 0; color: var(--danger); font-size: 14px; }
  .actions { display: flex; gap: 10px; margin-top: 18px; flex-wrap: wrap; }
  .actions button { flex: 1 1 140px; padding: 10px 14px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
  .primary { background: var(--accent); color: #fff; border: 1px solid var(--accent); }
  .secondary { background: #fff; color: var(--ink); border: 1px solid var(--line); }
  footer { margin-top: 20px; font-size: 13px; color: var(--muted); }
</style>
</head>
<body>
<main>
  <span class="tag">Development only</span>
  <h1>Sign in to ${escapeHtml(provider)}</h1>
  <p class="lead">This project signs in with shared ${escapeHtml(provider)} keys, so Gatehouse's development provider stands in for ${escapeHtml(provider)}. Choose who you are: nothing is checked, and production servers never show this page.</p>
  <h2 id="pick-heading">Pick an identity</h2>
  <section aria-labelledby="pick-heading">
${picks.map((identity) => identityButton(input.uid, identity, identity.email === input.current)).join("\n")}
  </section>
  <h2 id="type-heading">Or type one</h2>
  <form method="post" action="${action}" aria-labelledby="type-heading">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="email" maxlength="${MAX_EMAIL}" placeholder="you@example.com" value="${escapeHtml(input.typed?.email ?? "")}"${input.error ? ' aria-invalid="true" aria-describedby="form-error"' : ""}>
    <label for="name">Name <span>(optional)</span></label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="${MAX_NAME}" value="${escapeHtml(input.typed?.name ?? "")}">
    ${input.error ? `<p class="error" id="form-error" role="alert">${escapeHtml(input.error)}</p>` : ""}
    <div class="actions">
      <button class="primary" type="submit" name="decision" value="continue">Continue</button>
      <button class="secondary" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
  <footer>The same address is the same ${escapeHtml(provider)} account every time, and its e-mail counts as verified.</footer>
</main>
</body>
</html>`;
}
