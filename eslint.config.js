// Lint, including the import boundaries of ARCHITECTURE §3:
// server imports no other top-level folder (its test harness alone may `import type` the generated
// API types from clients/); inside it routes → services → db/queries → db, and all of them → domain
// (the one type per thing, which imports nothing else);
// no Hono in services; SQL only under db/; clients never import the server; web uses clients only
// (and inside it app → features → components|lib, and no feature imports another: featureBoundaries below);
// process.env is read by server/src/config (and the test harness) alone;
// test/ reaches the server over HTTP, and only test/harness/ imports server code, through
// @gatehouse/server/testing/boot, /tools and /oidc-stand-in; the files behind /tools load no server module.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const outside = (folders) => folders.map((f) => ({ group: [`**/${f}/**`, `@gatehouse/${f}`, `@gatehouse/${f}/*`], message: `Do not import ${f}/ from here (ARCHITECTURE §3).` }));
const restrict = (patterns) => ["error", { patterns: patterns.map((p) => ({ allowTypeImports: false, ...p })) }];
// The web app takes its data through the React client library, which wraps the generated hooks and the session.
const clientLibraryOnly = {
  group: ["@gatehouse/clients/react-query", "@gatehouse/clients/session", "@gatehouse/clients/fetch", "**/clients/src/**"],
  message: "The web app uses the client library (@gatehouse/clients/react), which wraps the generated hooks and the session.",
};
// The server's test harness may take the generated API types from clients/, type-only, and nothing else of it.
const apiTypesOnly = [
  {
    group: ["**/clients/**", "@gatehouse/clients", "@gatehouse/clients/*", "!@gatehouse/clients/openapi-types"],
    message: "Do not import clients/ from here (ARCHITECTURE §3); the harness may import only the generated types, type-only, from @gatehouse/clients/openapi-types.",
  },
  { group: ["@gatehouse/clients/openapi-types"], allowTypeImports: true, message: "Import the generated types with `import type`: they do not exist at run time." },
];
// The black-box suites drive the API over HTTP; booting the server and its database is the harness's (ARCHITECTURE §3).
const serverCode = {
  group: ["@gatehouse/server", "@gatehouse/server/*", "**/server/src", "**/server/src/**"],
  message: "test/ reaches the server over HTTP: boot it, seed it and read its database through test/harness (ARCHITECTURE §3).",
};
const hono = { group: ["hono", "hono/*", "@hono/*"], message: "Services and storage know nothing of HTTP: no Hono here." };

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      ".bench/**",
      "openapi/**",
      "clients/src/generated/**",
      "clients/src/react-query/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", fetch: "readonly", setInterval: "readonly", setTimeout: "readonly", clearTimeout: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "test/**", "server/src/testing/**", "scripts/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/config/**", "server/src/testing/**"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through server/src/config (loadConfig)." }],
    },
  },
  {
    files: ["server/src/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(outside(["clients", "web", "test"])) },
  },
  // One exception, for the test harness alone: its typed call() reads the API's types from the
  // one file `npm run gen` writes for the client library, as `import type` (erased at run time),
  // rather than from a second generated copy. Nothing else of clients/ may be imported.
  {
    files: ["server/src/testing/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([...outside(["web", "test"]), ...apiTypesOnly]),
    },
  },
  {
    files: ["server/src/routes/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["clients", "web", "test"]),
        { group: ["**/db/*", "**/db/queries/*"], message: "Routes reach storage through services, and shape responses from the domain types services hand them, never from rows." },
      ]),
    },
  },
  {
    files: ["server/src/http/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["clients", "web", "test"]),
        { group: ["**/db/*", "**/db/queries/*"], allowTypeImports: true, message: "The HTTP layer reaches storage through services." },
      ]),
    },
  },
  {
    files: ["server/src/services/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["clients", "web", "test"]),
        hono,
        { group: ["**/routes/*", "**/routes/**", "**/http/*", "**/http/**"], message: "Services must not depend on the HTTP layer." },
      ]),
    },
  },
  {
    files: ["server/src/db/**/*.ts", "server/src/cache/**/*.ts", "server/src/crypto/**/*.ts", "server/src/errors/**/*.ts", "server/src/config/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["clients", "web", "test"]),
        hono,
        { group: ["**/routes/*", "**/routes/**", "**/http/*", "**/http/**", "**/services/*", "**/services/**"], message: "Lower layers must not import services, routes or HTTP." },
      ]),
    },
  },
  // One type per thing (user, team, project, API key set, outbox message): db/queries map rows to it,
  // services and routes use it as it is. It sits below every floor, so it imports nothing of theirs.
  {
    files: ["server/src/domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["clients", "web", "test"]),
        hono,
        {
          group: ["**/db", "**/db/**", "**/services/**", "**/routes/**", "**/http/**", "**/crypto/**", "**/integrations/**", "**/config/**", "**/cache/**", "**/errors", "**/errors/**"],
          message: "Domain types import only each other: every floor imports them, so they import no floor.",
        },
      ]),
    },
  },
  {
    files: ["test/**/*.ts", "test/**/*.tsx"],
    ignores: ["test/harness/**"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict([...outside(["web"]), serverCode]) },
  },
  {
    files: ["test/harness/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["web"]),
        { regex: "^@gatehouse/server(?!/testing/(boot|tools|oidc-stand-in)$)|(^|/)server/src(/|$)", message: "The harness boots the server through @gatehouse/server/testing/boot and takes its tools from /tools and /oidc-stand-in." },
      ]),
    },
  },
  // What @gatehouse/server/testing/tools hands the black-box suites talks to a server over HTTP only: no server module behind it.
  {
    files: [
      "server/src/testing/tools.ts",
      "server/src/testing/free-port.ts",
      "server/src/testing/seed-keys.ts",
      "server/src/testing/fixtures.ts",
      "server/src/testing/typed-call.ts",
      "server/src/testing/mail-catcher.ts",
      "server/src/testing/totp.ts",
      "server/src/testing/webhook-receiver.ts",
      "server/src/testing/webauthn.ts",
      "server/src/testing/oauth-flow.ts",
      "server/src/testing/oidc-stand-in.ts",
      "server/src/testing/payments-catalog.ts",
      "server/src/testing/purchase-catalog.ts",
      "server/src/testing/stripe-stand-in.ts",
      "server/src/testing/stripe-js-stand-in.ts",
      "server/src/testing/ai-stand-in.ts",
      "server/src/testing/saml-idp.ts",
      "server/src/testing/dns-stand-in.ts",
      "server/src/testing/sso-flow.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["web", "test"]),
        ...apiTypesOnly,
        { group: ["../*", "../**", "./test-server", "./test-db", "./pglite-template", "./boot", "./forged-tokens", "./shared-app", "./security-table", "./query-counter"], allowTypeImports: true, message: "The test tools reach a server over HTTP only: they load no server module (types aside)." },
      ]),
    },
  },
  {
    files: ["clients/**/*.ts", "clients/**/*.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(outside(["server", "web", "test"])) },
  },
  {
    files: ["web/**/*.ts", "web/**/*.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict([...outside(["server", "test"]), clientLibraryOnly]) },
  },
  // Inside web/src: app → features → components|lib (STYLE, the front end).
  {
    files: ["web/src/components/**", "web/src/lib/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        ...outside(["server", "test"]),
        clientLibraryOnly,
        { group: ["**/features/**", "**/app/**"], message: "Shared components and lib sit below features and app/." },
      ]),
    },
  },
  {
    files: ["web/src/features/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([...outside(["server", "test"]), clientLibraryOnly, { group: ["**/app/**"], message: "Features sit below app/." }]),
    },
  },
  ...featureBoundaries(),
);

/**
 * Features do not import each other (STYLE, the front end): a feature is a folder of
 * web/src/features/, and each area of the dashboard (features/dashboard/<area>/) is one too. A
 * feature's files import its own files, components/, lib/ and the client library; a dashboard
 * area may also import the dashboard's frame, features/dashboard/shell/ (the layout, the project
 * in the URL and the project switcher), which itself imports no area. What two features share
 * moves down to components/ or lib/.
 *
 * Relative imports are checked by their climb: one block per folder of features/, generated from
 * the tree so that a new folder is covered, says how many `../` leave the feature and where the
 * import may land after climbing that far.
 */
function featureBoundaries() {
  const src = join("web", "src");
  const features = join(src, "features");
  const message = "Features do not import each other: move what they share to components/ or lib/ (a dashboard area may import dashboard/shell/).";
  const blocks = [];
  const walk = (dir) => {
    const parts = relative(features, dir).split(sep);
    const dashboardArea = parts[0] === "dashboard" && parts.length > 1;
    const featureDepth = dashboardArea ? 2 : 1; // folders from features/ to the feature's root
    const toSrc = parts.length + 1; // `../` from this folder to web/src
    const insideFeature = parts.length - featureDepth; // `../` that stay inside the feature
    const mayReachShell = dashboardArea && parts[1] !== "shell";
    // Where an import that climbs `beyond` folders out of the feature may land: from web/src,
    // components/ and lib/; a dashboard area one level out reaches shell/, two levels out dashboard/shell/.
    const landings = (beyond, atSrc) => {
      if (atSrc) return ["components", "lib"];
      if (mayReachShell && beyond === 1) return ["shell"];
      if (mayReachShell && beyond === 2) return ["dashboard/shell"];
      return [];
    };
    const patterns = [];
    for (let up = insideFeature + 1; up <= toSrc; up++) {
      const allowed = landings(up - insideFeature, up === toSrc);
      const lands = allowed.length > 0 ? `(?!(?:${allowed.join("|")})(?:/|$))` : "";
      patterns.push({ regex: `^(?:\\.\\./){${up}}(?!\\.\\./)${lands}`, message });
    }
    blocks.push({
      files: [`${dir.split(sep).join("/")}/*.{ts,tsx}`],
      rules: {
        "@typescript-eslint/no-restricted-imports": restrict([...outside(["server", "test"]), clientLibraryOnly, { group: ["**/app/**"], message: "Features sit below app/." }, ...patterns]),
      },
    });
    for (const entry of readdirSync(join(repository, dir), { withFileTypes: true })) if (entry.isDirectory()) walk(join(dir, entry.name));
  };
  // The tree is read from beside this file, so lint run from any folder sees the same features.
  const repository = fileURLToPath(new URL(".", import.meta.url));
  for (const entry of readdirSync(join(repository, features), { withFileTypes: true })) if (entry.isDirectory()) walk(join(features, entry.name));
  return blocks;
}
