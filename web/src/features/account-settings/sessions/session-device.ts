import { t } from "@lingui/core/macro";
import { parse } from "bowser";

/**
 * "Chrome on Windows", "Safari on iOS", "Firefox on Linux": the device a session was signed in
 * on, from its user agent (read with bowser); null when there is none or nothing is recognised.
 */
export function sessionDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = parse(userAgent);
  const browserName = browser.name;
  const system = os.name;
  if (browserName && system) return t`${browserName} on ${system}`;
  // bowser names what it does not recognise "" (a script's user agent): no name, not an empty one.
  return browserName || system || null;
}

/** The icon's kind: a phone or tablet, else a computer. */
export function sessionDeviceKind(userAgent: string | null | undefined): "mobile" | "desktop" {
  if (!userAgent) return "desktop";
  const type = parse(userAgent).platform.type;
  return type === "mobile" || type === "tablet" ? "mobile" : "desktop";
}
