import argon2 from "argon2";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, plainRefusal, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

function pbkdf2Hash(digest: "sha1" | "sha256" | "sha512", password: string, iterations: number): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, digest);
  return `$pbkdf2-${digest}$i=${iterations},l=32$${salt.toString("base64").replace(/=+$/, "")}$${hash.toString("base64").replace(/=+$/, "")}`;
}

// Each kind with the password it was made from. Published vectors where they exist: RFC 6070's
// PBKDF2-SHA1 ("password", "salt", 4096 rounds) and the example of Firebase's scrypt tool.
const KINDS: Array<[string, () => Promise<string>, string]> = [
  ["bcrypt", async () => "$2b$04$JoJiXJmM/ZGmhXZtrbbSVeYoYYXd20Jpp7xjhACcGOYS2X68GefJe", "hello-world"],
  ["PBKDF2-SHA1 (RFC 6070)", async () => "$pbkdf2-sha1$i=4096,l=20$c2FsdA$SwB5AbdlSJq+rUnZJvch0GWkKcE", "password"],
  ["PBKDF2-SHA256", async () => pbkdf2Hash("sha256", "pbkdf2 sha256 password", 10_000), "pbkdf2 sha256 password"],
  ["PBKDF2-SHA512", async () => pbkdf2Hash("sha512", "pbkdf2 sha512 password", 10_000), "pbkdf2 sha512 password"],
  [
    "Firebase scrypt (the tool's example)",
    async () =>
      "$firebase-scrypt$r=8,m=14,sep=Bw==,key=jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==" +
      "$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
    "user1password",
  ],
  ["argon2i", () => argon2.hash("argon2i password", { type: argon2.argon2i, memoryCost: 4096, timeCost: 3 }), "argon2i password"],
  ["argon2d", () => argon2.hash("argon2d password", { type: argon2.argon2d, memoryCost: 4096, timeCost: 3 }), "argon2d password"],
  ["argon2id of other parameters", () => argon2.hash("argon2id password", { type: argon2.argon2id, memoryCost: 8192, timeCost: 3 }), "argon2id password"],
];

const OWN_ARGON2ID = /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/;

describe("sign-in with a password hash moved in from another platform", () => {
  it.each(KINDS)("%s: a wrong password is refused, the right one signs in and the hash becomes our argon2id", async (_kind, makeHash, password) => {
    const email = uniqueEmail("imported-hash");
    const passwordHash = await makeHash();
    const created = await call(t, "POST", "/users", {
      creds: project.server,
      body: { primary_email: email, primary_email_auth_enabled: true, password_hash: passwordHash },
    });
    expect(created.status).toBe(201);
    const signIn = (pw: string) => call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: pw } });

    const wrong = await signIn(`${password}!`);
    expect([wrong.status, wrong.json.code]).toEqual([400, "EMAIL_PASSWORD_MISMATCH"]);
    const stored = async () => (await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [created.json.id]))[0]!.password_hash;
    expect(await stored()).toBe(passwordHash);

    const right = await signIn(password);
    expect(right.status).toBe(200);
    expect(right.json.user_id).toBe(created.json.id);
    expect(await stored()).toMatch(OWN_ARGON2ID);
    expect(await argon2.verify(await stored(), password)).toBe(true);
    expect((await signIn(password)).status).toBe(200);
  });

  it.each([
    ["PBKDF2 of too many iterations", "$pbkdf2-sha256$i=5000000,l=32$c2FsdHNhbHQ$SwB5AbdlSJq+rUnZJvch0GWkKcESwB5AbdlSJq+rUnZJvc"],
    ["Firebase scrypt of too much memory", "$firebase-scrypt$r=8,m=20,sep=Bw==,key=jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==$42xEC+ixf3L2lw==$lSrfV15cpx95"],
  ])("refuses %s when it is set", async (_label, passwordHash) => {
    const res = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: uniqueEmail("refused"), password_hash: passwordHash } });
    expect(plainRefusal(res)).toEqual([400, expect.stringContaining("password_hash")]);
  });
});
