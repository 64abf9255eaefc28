/**
 * A passkey authenticator for tests: what a browser and a platform authenticator hand a page
 * (WebAuthn Level 3, "none" attestation, ES256 keys), written out from the specification with
 * node:crypto and a few lines of CBOR, independent of the @simplewebauthn/server the server
 * uses, so a test that passes proves the server agrees with the specification, not with itself.
 * Each knob a test needs to play an attacker is an option: the origin the browser reports, the
 * RP ID the authenticator signs for, the signature counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | Cbor[];

/** Canonical-enough CBOR (RFC 8949) for the few shapes WebAuthn needs. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface StoredPasskey {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicCose: Buffer;
  counter: number;
}

export interface CeremonyOptions {
  /** The page's origin, as the browser writes it into clientDataJSON. */
  origin: string;
  /** The RP ID the authenticator signs for; by default the origin's host name, as the SDK sets it. */
  rpId?: string;
  /** Sign another challenge than the one in the options (a replayed or forged answer). */
  challenge?: string;
}

export interface RegistrationCeremony extends CeremonyOptions {
  /** The new credential's id, base64url; random by default. */
  credentialId?: string;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

/** An authenticator holding passkeys, one per (RP ID, user handle), as a platform authenticator does. */
export class SoftAuthenticator {
  readonly passkeys: StoredPasskey[] = [];

  /** What `startRegistration({ optionsJSON })` resolves to, for options as the server sent them. */
  register(optionsJson: any, ceremony: RegistrationCeremony) {
    const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const publicCose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const credentialId = ceremony.credentialId ? Buffer.from(ceremony.credentialId, "base64url") : randomBytes(16);
    const counter = 0;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
      counterBytes,
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      credentialId,
      publicCose,
    ]);
    const attestationObject = cbor(new Map<string, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    const id = b64url(credentialId);
    this.passkeys.push({ id, rpId, userHandle: optionsJson.user.id, privateKey, publicCose, counter });
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", ceremony.challenge ?? optionsJson.challenge, ceremony.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /**
   * What `startAuthentication({ optionsJSON })` resolves to. The signature counter goes up by
   * one unless `counter` says what to sign instead (a cloned authenticator's stale counter).
   */
  authenticate(optionsJson: any, ceremony: CeremonyOptions & { passkey?: StoredPasskey; counter?: number }) {
    const passkey = ceremony.passkey ?? this.passkeys.at(-1);
    if (!passkey) throw new Error("This authenticator holds no passkey");
    const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
    passkey.counter = ceremony.counter ?? passkey.counter + 1;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(passkey.counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), counterBytes]);
    const data = clientData("webauthn.get", ceremony.challenge ?? optionsJson.challenge, ceremony.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), passkey.privateKey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
    };
  }
}
