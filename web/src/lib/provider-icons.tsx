import { lazy, Suspense } from "react";

// The twelve logos weigh more than the rest of a sign-in button: they come in a chunk of their
// own, fetched only by pages that show a provider, so a sign-in page without OAuth pays nothing.
const ProviderLogo = lazy(() => import("./provider-logo").then((module) => ({ default: module.ProviderLogo })));

/** A provider's logo, decorative (its name is beside it); a key for a provider we do not know. */
export function ProviderIcon({ id, size = 18 }: { id: string; size?: number }) {
  // Until the logos arrive, an empty box of the logo's size keeps the button's text in place.
  return (
    <Suspense fallback={<span aria-hidden style={{ display: "inline-block", width: size, height: size }} />}>
      <ProviderLogo id={id} size={size} />
    </Suspense>
  );
}
