import {
  IconBrandApple,
  IconBrandBitbucket,
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandGoogle,
  IconBrandLinkedin,
  IconBrandSpotify,
  IconBrandTwitch,
  IconBrandWindows,
  IconBrandX,
  IconKey,
  type Icon,
} from "@tabler/icons-react";

/**
 * Each provider of SPEC §1 (PROVIDER_NAMES) by its logo, one line-art icon per brand.
 * Its own chunk: pages load it only when they show a provider (provider-icons.tsx).
 */
const PROVIDER_ICONS: Readonly<Record<string, Icon>> = {
  google: IconBrandGoogle,
  github: IconBrandGithub,
  microsoft: IconBrandWindows,
  spotify: IconBrandSpotify,
  facebook: IconBrandFacebook,
  discord: IconBrandDiscord,
  gitlab: IconBrandGitlab,
  bitbucket: IconBrandBitbucket,
  linkedin: IconBrandLinkedin,
  apple: IconBrandApple,
  x: IconBrandX,
  twitch: IconBrandTwitch,
};

/** A provider's logo, decorative (its name is beside it); a key for a provider not listed above. */
export function ProviderLogo({ id, size }: { id: string; size: number }) {
  const Logo = PROVIDER_ICONS[id] ?? IconKey;
  return <Logo size={size} stroke={1.75} aria-hidden data-provider-icon={id} />;
}
