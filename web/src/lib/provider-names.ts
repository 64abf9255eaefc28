/** The providers of SPEC §1 by the names people know them by; a custom one shows its id. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
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

export function providerName(id: string): string {
  return PROVIDER_NAMES[id] ?? id;
}
