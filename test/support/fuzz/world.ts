/**
 * A seeded project for the fuzzer, made over the public API of a running server: an owner in
 * `internal`, a project with every optional feature on and its three keys, users with live
 * tokens, a team with two members, permission definitions, API keys of both kinds, sessions
 * contact channels, an OAuth provider with a linked account, and a payments catalog with
 * products the users and the team hold. Its ids fill the generators' pools so operations find what they name.
 */
import { randomInt } from "node:crypto";

export interface FuzzCredentials {
  projectId: string;
  publishableKey: string;
  secretKey: string;
  adminKey: string;
  /** Internal-project user who owns the project: the admin access token. */
  ownerToken: string;
  userTokens: string[];
  refreshTokens: string[];
  /** A second project of the owner with its admin key, for the operation that deletes the current project. */
  disposable: { projectId: string; adminKey: string };
}

export interface FuzzWorld {
  creds: FuzzCredentials;
  pools: Record<string, unknown[]>;
}

export interface InternalKeys {
  publishableClientKey: string;
}

/** A random client address per request: with TRUST_PROXY the rate limits then count per fake client. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

async function api(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": randomAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`seeding ${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

let counter = 0;
function email(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

const PASSWORD = "correct horse battery";

/** A self-signed certificate (base64 DER) for the world's SAML connection: the fuzzer signs nothing with it. */
const FUZZ_IDP_CERTIFICATE =
  "MIICqzCCAZOgAwIBAgIJAIouiy7RNOxqMA0GCSqGSIb3DQEBCwUAMBMxETAPBgNVBAMTCEZ1enogSWRQMB4XDTI2MTEyODA5MjU1MVoXDTI3MTEyODA5MjY1MVowEzERMA8GA1UEAxMIRnV6eiBJZFAwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDOTWdiOwnsh9euC7tuOpxoz80ZydP/oW3YR6mp/pT3tOZtY3oA0P2iNWDhwNPYss2c/YTGsbaJjJCtvhedMWX/BL7GPJ+1ksDW7o2PHCUjSMnyHD951SYArUM6VQvVsJVUhROetJsxkRKv7S9TdlJVLQrVCBCQ37y81G9FpcwBxeHI/U1jlP1KecQ+6YUzgLzdjB6mvpj60d7wwynWb3kyJp9SqYcEXSRfNu4JXqTz5Elf5f5SxZ9sZfHfoL64qGvxHdxFNvIn78hn8EeCaZ64MwK0yRAozdl3v+lu8WQM0np49ps68Edu4gPv6KaFvj8k1XCypP1KVLJdB7YVy6M7AgMBAAGjAjAAMA0GCSqGSIb3DQEBCwUAA4IBAQAANFxIThLkrKtrdQ7FybuD3ZdB+1PEPMuJyHJfp3ZRvlEwrJWbSqfZ0t+9hKduKnraXEGfe/M68I2pbQ5F7GVtDXFRo9zPanXs3SeCCOH5UvJYFXidqe0H5PWrvwKMyojjVAjzqIKHWTAP2u+hnl7rk2eobc6PQS7V9Z8RvpwGioqon9mYqUsSNoX7Po9Onh/PPhA0Dmuq2R8MdBz6CclKM7DcjFj/7k5LpPF48JzssUxZLYWbcGbmurNlL769yga5at4uKHFk1/v2IXby6btdhTzJ/9zcJxOs1kn3miSFgN4ebzLqqdHfNTG1PFNkiJNwLz0B5kxXeyfkF63QzHIM";

export async function seedWorld(baseUrl: string, internal: InternalKeys): Promise<FuzzWorld> {
  const internalClient = { "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-publishable-client-key": internal.publishableClientKey };
  const owner = await api(baseUrl, "POST", "/auth/password/sign-up", internalClient, { email: email("owner"), password: PASSWORD });
  const ownerMe = await api(baseUrl, "GET", "/users/me", { ...internalClient, "x-stack-access-token": owner.access_token });
  const project = await api(baseUrl, "POST", "/internal/projects", { ...internalClient, "x-stack-access-token": owner.access_token }, {
    display_name: "Fuzzed project",
    owner_team_id: ownerMe.selected_team_id,
    config: {
      allow_user_api_keys: true,
      allow_team_api_keys: true,
      client_team_creation_enabled: true,
      client_user_deletion_enabled: true,
      magic_link_enabled: true,
      credential_enabled: true,
      sign_up_enabled: true,
    },
  });
  const projectId: string = project.id;
  const adminByToken = { "x-stack-project-id": projectId, "x-stack-access-type": "admin", "x-stack-admin-access-token": owner.access_token };
  const keys = await api(baseUrl, "POST", "/internal/api-keys", adminByToken, {
    description: "fuzz",
    expires_at_millis: Date.now() + 30 * 24 * 3600 * 1000,
    has_publishable_client_key: true,
    has_secret_server_key: true,
    has_super_secret_admin_key: true,
  });
  const client = { "x-stack-project-id": projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": keys.publishable_client_key };
  const server = { "x-stack-project-id": projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": keys.secret_server_key };

  const users: Array<{ id: string; email: string; access: string; refresh: string }> = [];
  for (let i = 0; i < 3; i += 1) {
    const address = email("user");
    const signed = await api(baseUrl, "POST", "/auth/password/sign-up", client, { email: address, password: PASSWORD });
    users.push({ id: signed.user_id, email: address, access: signed.access_token, refresh: signed.refresh_token });
  }
  const [a, b] = [users[0]!, users[1]!];
  const team = await api(baseUrl, "POST", "/teams", server, { display_name: "Fuzz team", creator_user_id: a.id });
  await api(baseUrl, "POST", `/team-memberships/${team.id}/${b.id}`, server, {});
  const teamPermission = await api(baseUrl, "POST", "/team-permission-definitions", adminByToken, { id: `fuzz_team_${counter}` });
  const projectPermission = await api(baseUrl, "POST", "/project-permission-definitions", adminByToken, { id: `fuzz_project_${counter}` });
  const userKey = await api(baseUrl, "POST", "/user-api-keys", server, { user_id: a.id, description: "fuzz", expires_at_millis: null });
  const teamKey = await api(baseUrl, "POST", "/team-api-keys", server, { team_id: team.id, description: "fuzz", expires_at_millis: null });
  const sessions = await api(baseUrl, "GET", `/auth/sessions?user_id=${a.id}`, server);
  const channels = await api(baseUrl, "GET", `/contact-channels?user_id=${a.id}`, server);
  // A provider in the config (its client is made up: nothing here reaches GitHub) and a user's link to it.
  await api(baseUrl, "PATCH", "/internal/config/override/environment", adminByToken, {
    config_override_string: JSON.stringify({
      "auth.oauth.providers.github": { type: "github", isShared: false, clientId: "fuzz-client", clientSecret: "fuzz-secret", allowSignIn: true, allowConnectedAccounts: true },
    }),
  });
  const links: Array<{ id: string; account_id: string }> = [];
  for (const [index, user] of users.entries()) {
    links.push(
      await api(baseUrl, "POST", "/oauth-providers", server, {
        user_id: user.id,
        provider_config_id: "github",
        account_id: `fuzz-gh-${counter}-${index}`,
        allow_sign_in: true,
        allow_connected_accounts: true,
      }),
    );
  }

  // An e-mail draft and a theme of the project's own, for the e-mail library's paths.
  const draft = await api(baseUrl, "POST", "/internal/email-drafts", adminByToken, { display_name: "Fuzz draft" });
  const theme = await api(baseUrl, "POST", "/internal/email-themes", adminByToken, { display_name: "Fuzz theme" });
  // Messages scheduled far ahead, so the outbox paths have some they can read and edit (a cancel ends one).
  // A project sends its own mail through its own server (one that refuses: nothing leaves).
  await api(baseUrl, "PATCH", "/internal/projects/current", adminByToken, {
    config: { email_config: { type: "standard", host: "127.0.0.1", port: 1, username: "u", password: "p", sender_name: "Fuzz", sender_email: "fuzz@example.com" } },
  });
  await api(baseUrl, "POST", "/emails/send-email", server, {
    user_ids: users.map((user) => user.id),
    subject: "Fuzz",
    html: "<p>Fuzz</p>",
    scheduled_at_millis: Date.now() + 365 * 24 * 3600 * 1000,
  });
  const outbox = await api(baseUrl, "GET", "/emails/outbox", server);

  // A payments catalog, and products the users hold, so the items and products operations
  // find items of the customer's type and products to cancel and switch.
  await api(baseUrl, "PATCH", "/internal/config/override/environment", adminByToken, {
    config_override_string: JSON.stringify({
      "payments.productLines.plans": { displayName: "Plans", customerType: "user" },
      "payments.items": { credits: { displayName: "Credits", customerType: "user" }, seats: { displayName: "Seats", customerType: "team" }, api_calls: { customerType: "custom" } },
      "payments.products": {
        basic: { displayName: "Basic", customerType: "user", productLineId: "plans", prices: { monthly: { USD: "5", interval: [1, "month"] } }, includedItems: { credits: { quantity: 10 } } },
        pro: { displayName: "Pro", customerType: "user", productLineId: "plans", prices: { monthly: { USD: "20", interval: [1, "month"] } }, includedItems: { credits: { quantity: 100 } } },
        credit_pack: { displayName: "Credits", customerType: "user", stackable: true, prices: { once: { USD: "5" } }, includedItems: { credits: { quantity: 50 } } },
        team_plan: { displayName: "Team", customerType: "team", prices: { monthly: { USD: "50", interval: [1, "month"] } }, includedItems: { seats: { quantity: 5 } } },
        custom_quota: { displayName: "Quota", customerType: "custom", stackable: true, prices: { once: { USD: "1" } }, includedItems: { api_calls: { quantity: 1000 } } },
      },
    }),
  });
  for (const user of users) {
    await api(baseUrl, "POST", `/payments/products/user/${user.id}`, server, { product_id: "basic" });
    await api(baseUrl, "POST", `/payments/products/user/${user.id}`, server, { product_id: "credit_pack", quantity: 5 });
  }
  await api(baseUrl, "POST", `/payments/products/team/${team.id}`, server, { product_id: "team_plan" });
  // Custom customers are the app's own ids: these are the ids of the pool, holding a product to cancel.
  for (const id of [...users.map((user) => user.id), team.id]) {
    await api(baseUrl, "POST", `/payments/products/custom/${id}`, server, { product_id: "custom_quota" });
  }

  // Checkout codes for the public purchase routes (each buys once; the project stays in test
  // mode, so purchases complete without Stripe), and a Stripe account on the server's stand-in
  // for the setup routes.
  const purchaseCodes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const { url } = await api(baseUrl, "POST", "/payments/purchases/create-purchase-url", server, { customer_type: "user", customer_id: a.id, product_id: "credit_pack" });
    purchaseCodes.push(decodeURIComponent(new URL(url).pathname.split("/").pop()!));
  }
  await api(baseUrl, "POST", "/internal/payments/setup", adminByToken, {});

  // The project as an OAuth server: apps (a confidential one with every grant), a resource, and an
  // agent credential the first user gave the first app, for the OAuth apps area's paths.
  await api(baseUrl, "PATCH", "/internal/config/override/environment", adminByToken, {
    config_override_string: JSON.stringify({ "oauthServer.enabled": true, "oauthServer.resources.notes": { uri: "https://notes.example/", scopes: "notes:read" } }),
  });
  const oauthApps: Array<{ client_id: string }> = [];
  for (const type of ["confidential", "confidential", "public"]) {
    oauthApps.push(
      await api(baseUrl, "POST", "/internal/oauth-apps", adminByToken, {
        display_name: `Fuzz ${type} app`,
        type,
        redirect_uris: ["https://fuzz.example/callback"],
        grant_types: type === "public" ? ["authorization_code", "refresh_token"] : ["authorization_code", "refresh_token", "client_credentials"],
      }),
    );
  }
  for (const member of [a, b]) await api(baseUrl, "POST", `/team-permissions/${team.id}/${member.id}/${teamPermission.id}`, server, {});
  const agentExpiry = Date.now() + 7 * 24 * 3600 * 1000;
  const credential = await api(baseUrl, "POST", `/oauth-apps/agent-credentials?user_id=${a.id}`, server, {
    client_id: oauthApps[0]!.client_id,
    team_id: team.id,
    permissions: [teamPermission.id],
    description: "fuzz",
    expires_at_millis: agentExpiry,
  });

  // Authorization requests waiting on the authorize page, for its read and answer.
  const pendingAuthorizations: string[] = [];
  for (let i = 0; i < 4; i++) {
    const authorize = new URL(`${baseUrl}/api/v1/projects/${projectId}/oauth2/auth`);
    authorize.search = new URLSearchParams({
      client_id: oauthApps[0]!.client_id,
      response_type: "code",
      redirect_uri: "https://fuzz.example/callback",
      scope: "openid profile",
      state: `fuzz-${i}`,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    }).toString();
    const answer = await fetch(authorize, { redirect: "manual" });
    pendingAuthorizations.push(new URL(answer.headers.get("location")!, baseUrl).pathname.split("/").pop()!);
  }

  // A SCIM directory for the team, with a user and a group its identity provider pushed, for the
  // SCIM area's admin paths (the SCIM endpoints themselves are outside the document: outside-document.ts).
  const directory = await api(baseUrl, "POST", "/internal/scim-directories", adminByToken, { team_id: team.id, display_name: "Fuzz IdP" });
  const scim = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1/scim/v2${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${directory.token}`, "content-type": "application/scim+json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`seeding SCIM ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const scimUser = await scim("/Users", { userName: email("scim"), active: true });
  const scimGroup = await scim("/Groups", { displayName: "Fuzz group", members: [{ value: scimUser.id }] });
  // Single sign-on: the team claims a domain (left unverified: the fuzzed server's DNS_SERVERS
  // refuse, so verifying answers SSO_DOMAIN_VERIFICATION_FAILED) and has an OIDC and a SAML connection.
  const ssoDomain = await api(baseUrl, "POST", `/teams/${team.id}/sso-domains`, server, { domain: `fuzz-${Date.now().toString(36)}.example.com` });
  const ssoConnections: Array<{ id: string }> = [
    await api(baseUrl, "POST", `/teams/${team.id}/sso-connections`, server, {
      protocol: "oidc",
      display_name: "Fuzz OIDC",
      oidc: { issuer: "https://idp.fuzz.example", client_id: "fuzz", client_secret: "fuzz-secret" },
    }),
    await api(baseUrl, "POST", `/teams/${team.id}/sso-connections`, server, {
      protocol: "saml",
      display_name: "Fuzz SAML",
      saml: { idp_entity_id: "https://idp.fuzz.example/saml", idp_sso_url: "https://idp.fuzz.example/sso", idp_certificates: [FUZZ_IDP_CERTIFICATE] },
    }),
  ];

  // A self-serve set-up link for the team (its token reaches the /sso-portal operations, through
  // the `authorization` header's pool), a test sign-in started through it, and a second link for
  // the revoke operation to end (so the first stays usable).
  const portalLink = await api(baseUrl, "POST", `/teams/${team.id}/sso-portal-links`, server, {});
  const spareLink = await api(baseUrl, "POST", `/teams/${team.id}/sso-portal-links`, server, {});
  const portalTest = await api(baseUrl, "POST", `/sso-portal/connections/${ssoConnections[1]!.id}/test-sign-in`, { authorization: `Bearer ${portalLink.token}` }, {});

  // Deleting the seeded project would end the world for every later request.
  const spare = await api(baseUrl, "POST", "/internal/projects", { ...internalClient, "x-stack-access-token": owner.access_token }, {
    display_name: "Fuzzed project to delete",
    owner_team_id: ownerMe.selected_team_id,
  });
  const spareKeys = await api(baseUrl, "POST", "/internal/api-keys", { ...adminByToken, "x-stack-project-id": spare.id }, {
    description: "fuzz",
    expires_at_millis: Date.now() + 30 * 24 * 3600 * 1000,
    has_publishable_client_key: false,
    has_secret_server_key: false,
    has_super_secret_admin_key: true,
  });

  const userIds = users.map((user) => user.id);
  return {
    creds: {
      projectId,
      publishableKey: keys.publishable_client_key,
      secretKey: keys.secret_server_key,
      adminKey: keys.super_secret_admin_key,
      ownerToken: owner.access_token,
      userTokens: users.map((user) => user.access),
      refreshTokens: users.map((user) => user.refresh),
      disposable: { projectId: spare.id, adminKey: spareKeys.super_secret_admin_key },
    },
    pools: {
      user_id: [...userIds, "me"],
      creator_user_id: [...userIds, "me"],
      team_id: [team.id],
      customer_id: [...userIds, "me", team.id],
      owner_team_id: [ownerMe.selected_team_id],
      selected_team_id: [team.id, null],
      permission_id: [teamPermission.id, projectPermission.id, "$read_members", "team_admin", "team_member"],
      id: [userKey.id, teamKey.id, keys.id, draft.id, theme.id, "a0172b5d-cff0-463b-83bb-85124697373a", "default-dark", ...outbox.items.map((e: { id: string }) => e.id)],
      templateId: ["822687fe-8d0a-4467-a0d1-416b6e639478", "e7d009ce-8d47-4528-b245-5bf119f2ffa3"],
      template_id: ["822687fe-8d0a-4467-a0d1-416b6e639478"],
      draft_id: [draft.id],
      theme_id: [theme.id, "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac", "default-light", null, false],
      session_id: sessions.items.map((session: { id: string }) => session.id),
      contact_channel_id: channels.items.map((channel: { id: string }) => channel.id),
      project_id: [projectId, "internal"],
      api_key: [userKey.value, teamKey.value],
      email: users.map((user) => user.email),
      primary_email: users.map((user) => user.email),
      password: [PASSWORD],
      old_password: [PASSWORD],
      new_password: ["another horse battery"],
      value: users.map((user) => user.email),
      refresh_token: users.map((user) => user.refresh),
      provider_config_id: ["github"],
      // A link's id in /oauth-providers paths, the provider's config id elsewhere.
      provider_id: [...links.map((link) => link.id), "github"],
      provider_account_id: links.map((link) => link.account_id),
      // Users (by id or `me`) and custom customers (any id, with server access) are the
      // customers most operations can name; the items and products are theirs.
      customer_type: ["user", "custom"],
      item_id: ["credits", "api_calls", "seats"],
      product_id: ["credit_pack", "custom_quota", "basic", "pro", "team_plan"],
      // The users hold basic: switching it to pro can succeed once per user.
      from_product_id: ["basic"],
      to_product_id: ["pro"],
      product_inline: [
        { display_name: "Inline bonus", customer_type: "user", server_only: false, stackable: true, prices: { once: { USD: "1" } }, included_items: { credits: { quantity: 3 } } },
        { display_name: "Inline quota", customer_type: "custom", prices: { once: { EUR: "2.50" } }, included_items: { api_calls: { quantity: 10 } } },
      ],
      price_id: ["monthly", "once"],
      full_code: purchaseCodes,
      delta: [5, 20, -1],
      quantity: [1, 1, 2],
      expires_at: [new Date(Date.now() + 24 * 3600 * 1000).toISOString()],
      client_id: oauthApps.map((app) => app.client_id),
      credential_id: [credential.id],
      uid: pendingAuthorizations,
      redirect_uris: [["https://fuzz.example/callback"], ["https://fuzz.example/other", "http://127.0.0.1:9000/cb"]],
      post_logout_redirect_uris: [[], ["https://fuzz.example/"]],
      permissions: [[teamPermission.id]],
      expires_at_millis: [agentExpiry, null],
      grant_types: [["authorization_code", "refresh_token"], ["client_credentials"]],
      scope: ["", "openid profile email", "notes:read"],
      resource: [null, "https://notes.example/"],
      directory_id: [directory.id],
      group_id: [scimGroup.id],
      permission_ids: [[], [teamPermission.id], ["team_member", "no_such_permission"]],
      // The SAML connection only: starting a (test) sign-in through the OIDC one asks its issuer,
      // which the fuzzed server cannot reach, for discovery, and SSO_IDP_UNAVAILABLE is a 503.
      connection_id: [ssoConnections[1]!.id],
      domain_id: [ssoDomain.id],
      domain: [ssoDomain.domain, "example.org"],
      link_id: [spareLink.id],
      test_id: [portalTest.test_id],
      authorization: [`Bearer ${portalLink.token}`],
      // The audit log's filters: actions it records, and prefixes of them.
      action: ["auth.sign_up.succeeded", "team.created", "auth.sign_in.failed"],
      action_prefix: ["auth.", "team", ""],
    },
  };
}
