/** Other platforms' names for OAuth providers, mapped to ours; an unknown name is kept in lower case. */
const PROVIDERS: Record<string, string> = {
  "google.com": "google",
  "google-oauth2": "google",
  oauth_google: "google",
  "github.com": "github",
  oauth_github: "github",
  "facebook.com": "facebook",
  oauth_facebook: "facebook",
  "apple.com": "apple",
  oauth_apple: "apple",
  "microsoft.com": "microsoft",
  windowslive: "microsoft",
  oauth_microsoft: "microsoft",
  "twitter.com": "x",
  twitter: "x",
  oauth_x: "x",
  oauth_gitlab: "gitlab",
  oauth_discord: "discord",
  oauth_linkedin_oidc: "linkedin",
  linkedin: "linkedin",
  oauth_bitbucket: "bitbucket",
  oauth_spotify: "spotify",
  oauth_twitch: "twitch",
};

export function ourProvider(name: string): string {
  return PROVIDERS[name] ?? name.toLowerCase();
}
