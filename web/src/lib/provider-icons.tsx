import type { Icon } from "@tabler/icons-react";
import { useEffect, useState } from "react";

interface IconMap {
  known: Readonly<Record<string, Icon>>;
  unknown: Icon;
}

// The twelve logos weigh more than the rest of a sign-in button: they come in a chunk of their
// own, fetched once, only by pages that show a provider, so a sign-in page without OAuth pays nothing.
let loading: Promise<IconMap> | null = null;
let loaded: IconMap | null = null;
const loadIcons = () => (loading ??= import("./provider-icon-map").then((module) => (loaded = { known: module.PROVIDER_ICONS, unknown: module.UNKNOWN_PROVIDER_ICON })));

/** A provider's logo, decorative (its name is beside it); a key for a provider we do not know. */
export function ProviderIcon({ id, size = 18 }: { id: string; size?: number }) {
  const [icons, setIcons] = useState(loaded);
  useEffect(() => {
    if (!icons) void loadIcons().then(setIcons);
  }, [icons]);
  // Until the logos arrive, an empty box of the logo's size keeps the button's text in place.
  if (!icons) return <span aria-hidden style={{ display: "inline-block", width: size, height: size }} />;
  const Logo = icons.known[id] ?? icons.unknown;
  return <Logo size={size} stroke={1.75} aria-hidden data-provider-icon={id} />;
}
