/**
 * Drives Gatehouse's development OAuth provider (/dev-oauth) over HTTP as a browser would:
 * its redirects with its cookies, its identity page, and the form the page posts, until it
 * sends the browser back to our callback.
 */

export type DevIdentityChoice = { email: string; name?: string } | "cancel";

export interface DevProviderVisit {
  /** Our callback URL, as the provider sent the browser to it. */
  callbackUrl: URL;
  /** The identity page's HTML, as it was shown. */
  page: string;
  /** The provider's cookies after the visit (to visit again as the same browser). */
  jar: Map<string, string>;
}

function remember(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair!.indexOf("=");
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** From the provider's authorization URL to our callback, choosing `choice` on the identity page. */
export async function visitDevProvider(start: string, callbackPrefix: string, choice: DevIdentityChoice, jar = new Map<string, string>()): Promise<DevProviderVisit> {
  let url = start;
  let page = "";
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(callbackPrefix)) return { callbackUrl: new URL(url), page, jar };
    const res = await fetch(url, { redirect: "manual", headers: { cookie: cookieHeader(jar) } });
    remember(jar, res);
    if (res.status === 200 && new URL(url).pathname.startsWith("/dev-oauth/interaction/")) {
      page = await res.text();
      const form = new URLSearchParams(choice === "cancel" ? { decision: "cancel" } : { email: choice.email, name: choice.name ?? "", decision: "continue" });
      const posted = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      remember(jar, posted);
      const next = posted.headers.get("location");
      if (!next) throw new Error(`the identity page answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
      url = new URL(next, url).href;
      continue;
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the development provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects at the development provider");
}

/** Posts a form to the identity page without following, to see how the page answers it. */
export async function postIdentityForm(pageUrl: string, jar: Map<string, string>, form: Record<string, string>): Promise<Response> {
  return fetch(pageUrl, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(jar), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

/** Follows the provider from its authorization URL to its identity page, and stops there. */
export async function openIdentityPage(start: string, jar = new Map<string, string>()): Promise<{ url: string; html: string; jar: Map<string, string> }> {
  let url = start;
  for (let hop = 0; hop < 6; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: cookieHeader(jar) } });
    remember(jar, res);
    if (res.status === 200) return { url, html: await res.text(), jar };
    const location = res.headers.get("location");
    if (!location) throw new Error(`the development provider stopped at ${url} with ${res.status}`);
    url = new URL(location, url).href;
  }
  throw new Error("the identity page never came");
}
