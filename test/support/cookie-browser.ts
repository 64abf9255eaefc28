/**
 * The part of a browser an OAuth flow needs, for tests that drive one over HTTP: a cookie jar
 * (name, path and expiry honoured; every server here is one host) and requests that answer
 * redirects to the test instead of following them, so each step can be looked at.
 */
interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

export class CookieBrowser {
  private cookies: StoredCookie[] = [];

  /** One request; redirects are answers (read `location`). */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target.pathname);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(line, target.pathname);
    return response;
  }

  /** Follows redirects from `url` until an answer that is not one, or one that leaves for `stopAt` (an app's callback). */
  async follow(url: string | URL, stopAt?: string): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    for (let hops = 0; hops < 10; hops++) {
      if (stopAt && current.href.startsWith(stopAt)) return { response: new Response(null, { status: 200 }), url: current };
      const response = await this.request(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current);
    }
    throw new Error(`too many redirects, last ${current.href}`);
  }

  /** Submits a page's form as a browser would (urlencoded). */
  submit(url: string | URL, fields: Record<string, string>): Promise<Response> {
    return this.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  }

  has(name: string): boolean {
    return this.live().some((c) => c.name === name);
  }

  /** The values of the cookies it holds (for tests that look for them where they must not be). */
  values(): string[] {
    return this.live().map((c) => c.value);
  }

  private live(): StoredCookie[] {
    const now = Date.now();
    this.cookies = this.cookies.filter((c) => c.expiresAt === null || c.expiresAt > now);
    return this.cookies;
  }

  private cookieHeader(path: string): string {
    return this.live()
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) || c.path === "/")
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  private store(line: string, requestPath: string) {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq);
    const value = pair!.slice(eq + 1);
    let path = requestPath.slice(0, requestPath.lastIndexOf("/")) || "/";
    let expiresAt: number | null = null;
    for (const attribute of attributes) {
      const [key, ...rest] = attribute.split("=");
      const v = rest.join("=");
      if (key!.toLowerCase() === "path") path = v || "/";
      if (key!.toLowerCase() === "expires") expiresAt = Date.parse(v);
      if (key!.toLowerCase() === "max-age") expiresAt = Date.now() + Number(v) * 1000;
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (value !== "" && (expiresAt === null || expiresAt > Date.now())) this.cookies.push({ name, value, path, expiresAt });
  }
}
