/**
 * The OAuth server's own few pages, which oidc-provider renders rather than the web app:
 * errors a browser lands on (a wrong redirect URI must never be redirected to), the sign-out
 * confirmation of RP-initiated logout, and the device flow's code entry. Plain HTML with no
 * script, so they work under a strict CSP; forms are oidc-provider's (with its CSRF token).
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:0 1rem;background:#f8f9fa;color:#212529}
main{max-width:26rem;margin:10vh auto;padding:2rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}
h1{font-size:1.35rem;margin:0 0 1rem}p{margin:0 0 1rem}.muted{color:#495057;font-size:.9rem}
label{display:block;font-weight:600;margin-bottom:.35rem}
input[type=text]{box-sizing:border-box;width:100%;font:inherit;font-size:1.25rem;letter-spacing:.15em;text-transform:uppercase;padding:.5rem .75rem;border:1px solid #868e96;border-radius:4px}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.55rem 1.1rem;border-radius:4px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1864ab}.error{color:#c92a2a;font-weight:600}code{word-break:break-all}`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

export function errorPage(projectName: string, error: string, description: string | undefined): string {
  return page(
    `Sign-in error · ${projectName}`,
    `<h1>This sign-in cannot go on</h1>
<p>The app that sent you here made a request ${escapeHtml(projectName)} cannot accept.</p>
<p class="error">${escapeHtml(description ?? error)}</p>
<p class="muted">Error code: <code>${escapeHtml(error)}</code>. Go back to the app and start again; if it keeps happening, tell the app's developers.</p>`,
  );
}

export function logoutPage(projectName: string, appName: string | null, form: string): string {
  return page(
    `Sign out · ${projectName}`,
    `${form}<h1>Sign out of ${escapeHtml(projectName)}?</h1>
<p>${appName ? `${escapeHtml(appName)} asks to sign you out.` : "An app asks to sign you out."} Signing out also ends your ${escapeHtml(projectName)} session in this browser.</p>
<div class="actions"><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button></div>`,
  );
}

export function loggedOutPage(projectName: string): string {
  return page(`Signed out · ${projectName}`, `<h1>You are signed out</h1><p>You can close this window.</p>`);
}

/**
 * The code entry page. oidc-provider's own form carries an unlabelled field with an inline
 * handler; this page builds its own from that form's action and CSRF token instead.
 */
export function deviceCodePage(projectName: string, form: string, problem: string | null): string {
  const action = /action="([^"]*)"/.exec(form)?.[1] ?? "";
  const xsrf = /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? "";
  return page(
    `Connect a device · ${projectName}`,
    `<h1>Connect a device</h1>
<p>Enter the code your device or command-line tool shows to sign it in to ${escapeHtml(projectName)}.</p>
${problem ? `<p class="error" role="alert" id="code-problem">${escapeHtml(problem)}</p>` : ""}
<form method="post" action="${action}"><input type="hidden" name="xsrf" value="${xsrf}">
<label for="user-code">Code</label>
<input type="text" id="user-code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" required autofocus${problem ? ` aria-describedby="code-problem"` : ""}>
<div class="actions"><button type="submit">Continue</button></div></form>`,
  );
}

export function deviceConfirmPage(projectName: string, appName: string, userCode: string, form: string): string {
  return page(
    `Connect a device · ${projectName}`,
    `${form}<h1>Connect ${escapeHtml(appName)}?</h1>
<p>Make sure your device shows the code <strong>${escapeHtml(userCode)}</strong>. Continue only if you started this sign-in yourself.</p>
<div class="actions"><button type="submit" form="op.deviceConfirmForm" autofocus>Continue</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes" class="secondary">Cancel</button></div>`,
  );
}

export function deviceDonePage(projectName: string, appName: string | null): string {
  return page(
    `Device connected · ${projectName}`,
    `<h1>Device connected</h1><p>${appName ? `${escapeHtml(appName)} is` : "Your device is"} signed in. You can close this window and go back to it.</p>`,
  );
}
