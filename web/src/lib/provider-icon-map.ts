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
export const PROVIDER_ICONS: Readonly<Record<string, Icon>> = {
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

/** For a provider not listed above. */
export const UNKNOWN_PROVIDER_ICON: Icon = IconKey;
