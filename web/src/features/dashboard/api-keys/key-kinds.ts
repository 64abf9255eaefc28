/** The three keys of a set, as the API names them and as people read them (SPEC §6). */
export const KEY_KINDS = [
  { kind: "publishable_client_key", flag: "has_publishable_client_key", label: "Publishable client key", short: "Client", description: "For the app's front end; safe to ship in a browser." },
  { kind: "secret_server_key", flag: "has_secret_server_key", label: "Secret server key", short: "Server", description: "For your backend: full access to users, teams and keys. Never in a browser." },
  { kind: "super_secret_admin_key", flag: "has_super_secret_admin_key", label: "Super secret admin key", short: "Admin", description: "Changes the project's configuration. Keep it out of apps." },
] as const;

/** The latest expiry the server takes (year 9999): "never", in effect. */
export const NEVER_EXPIRES_MILLIS = 253_402_300_799_999;
