/**
 * One mechanism for every e-mailed code. A code is `<OTP><nonce>`: six characters a person
 * can type, followed by a long random nonce. Links carry the whole code; the OTP sign-in
 * flow hands the nonce to the client and mails only the OTP, so the six characters are
 * the only secret in that flow. Rows are stored with digests only and found by the
 * nonce's digest, which lets wrong guesses count against the code: after
 * MAX_ATTEMPTS failures it is dead. Codes expire, are single use, and a new code for the
 * same purpose and owner retires the older ones. A code that admits only together with a
 * second secret (the MFA attempt code and a TOTP) counts wrong answers to that secret
 * against itself as well (redeemCodeWithProof).
 */
import { randomInt, timingSafeEqual } from "node:crypto";
import { hashSecret } from "../../crypto/secret-hash";
import { newId } from "../../crypto/random";
import type { Db, Queryable } from "../../db/db";
import type { Tenant } from "../../db/queries/tenant";
import {
  expireOutstandingCodes,
  findCodeForUpdate,
  findCodeUserId,
  insertVerificationCode,
  markCodeUsed,
  recordFailedAttempt,
  type VerificationCodeRecord,
} from "../../db/queries/verification-codes";
import { KnownError, type KnownErrorCode, type KnownErrorDetails } from "../../errors";

export type CodePurpose =
  | "email_verification"
  | "password_reset"
  | "otp_sign_in"
  | "team_invitation"
  | "mfa_sign_in"
  | "cli_login"
  | "cli_polling"
  | "passkey_registration"
  | "passkey_sign_in"
  | "oauth_authorization_code"
  | "impersonation_sign_in";

export const OTP_LENGTH = 6;
const NONCE_LENGTH = 39;
export const MAX_ATTEMPTS = 10;
/**
 * An MFA attempt survives fewer wrong answers: a TOTP guess is checked against three steps'
 * codes, so five guesses are 15 chances in a million for each first factor passed.
 */
export const MFA_MAX_ATTEMPTS = 5;

function maxAttemptsFor(purpose: CodePurpose): number {
  return purpose === "mfa_sign_in" ? MFA_MAX_ATTEMPTS : MAX_ATTEMPTS;
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomCode(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

function splitCode(code: string): { nonce: string; normalized: string } {
  const normalized = code.trim().toUpperCase();
  return { nonce: normalized.slice(OTP_LENGTH), normalized };
}

export interface IssuedCode {
  id: string;
  /** The whole code, for links. */
  code: string;
  /** The six characters a person types. */
  otp: string;
  /** The part of the code the OTP flow hands to the client. */
  nonce: string;
}

export async function issueCode(
  q: Queryable,
  tenant: Tenant,
  input: {
    purpose: CodePurpose;
    expiresInMs: number;
    userId?: string | null;
    email?: string | null;
    /** For invitations: the team the code admits to; the code dies with the team. */
    teamId?: string | null;
    data?: Record<string, unknown>;
    replacePrevious?: boolean;
  },
): Promise<IssuedCode> {
  if (input.replacePrevious !== false) {
    await expireOutstandingCodes(q, tenant, input.purpose, { userId: input.userId, email: input.email });
  }
  const otp = randomCode(OTP_LENGTH);
  const nonce = randomCode(NONCE_LENGTH);
  const code = otp + nonce;
  const id = newId();
  await insertVerificationCode(q, tenant, {
    id,
    purpose: input.purpose,
    nonceHash: hashSecret(nonce),
    codeHash: hashSecret(code),
    userId: input.userId ?? null,
    email: input.email ?? null,
    teamId: input.teamId ?? null,
    data: input.data ?? {},
    expiresAt: new Date(Date.now() + input.expiresInMs),
  });
  return { id, code, otp, nonce };
}

/** The user a code was issued to, or null for an unknown code; does not count as a guess. */
export async function codeUserId(q: Queryable, tenant: Tenant, purpose: CodePurpose, code: string): Promise<string | null> {
  const { nonce } = splitCode(code);
  if (nonce.length !== NONCE_LENGTH) return null;
  return findCodeUserId(q, tenant, purpose, hashSecret(nonce));
}

type Refusal =
  | "VERIFICATION_CODE_NOT_FOUND"
  | "VERIFICATION_CODE_ALREADY_USED"
  | "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"
  | "VERIFICATION_CODE_EXPIRED";

/** The codes a refusal may answer: those without details. */
type PlainCode = { [C in KnownErrorCode]: keyof KnownErrorDetails<C> extends never ? C : never }[KnownErrorCode];

type Outcome<T> = { refusal: PlainCode } | { value: T };

/**
 * Finds and locks a live code. A wrong guess is recorded as an attempt (the caller commits
 * it with the refusal, which is thrown only after the transaction).
 */
async function lockLiveCode(
  tx: Queryable,
  tenant: Tenant,
  purpose: CodePurpose,
  nonce: string,
  normalized: string,
): Promise<{ refusal: Refusal } | { record: VerificationCodeRecord }> {
  const maxAttempts = maxAttemptsFor(purpose);
  const record = await findCodeForUpdate(tx, tenant, purpose, hashSecret(nonce));
  if (!record) return { refusal: "VERIFICATION_CODE_NOT_FOUND" };
  if (record.usedAt) return { refusal: "VERIFICATION_CODE_ALREADY_USED" };
  if (record.attempts >= maxAttempts) return { refusal: "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED" };
  if (record.expiresAt.getTime() <= Date.now()) return { refusal: "VERIFICATION_CODE_EXPIRED" };
  const matches = timingSafeEqual(Buffer.from(hashSecret(normalized), "hex"), Buffer.from(record.codeHash, "hex"));
  if (!matches) {
    await recordFailedAttempt(tx, tenant, record.id);
    return { refusal: record.attempts + 1 >= maxAttempts ? "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED" : "VERIFICATION_CODE_NOT_FOUND" };
  }
  return { record };
}

/**
 * Finds and locks a code by its whole value, whatever its state (used, expired), for flows
 * that answer with the state rather than an error (CLI login). No guess is counted: such
 * codes are random in every character and never typed, so there is nothing to guess.
 */
export async function lockCodeRecord(
  tx: Queryable,
  tenant: Tenant,
  purpose: CodePurpose,
  code: string,
): Promise<VerificationCodeRecord | null> {
  const { nonce, normalized } = splitCode(code);
  if (nonce.length !== NONCE_LENGTH) return null;
  const record = await findCodeForUpdate(tx, tenant, purpose, hashSecret(nonce));
  if (!record) return null;
  const matches = timingSafeEqual(Buffer.from(hashSecret(normalized), "hex"), Buffer.from(record.codeHash, "hex"));
  return matches ? record : null;
}

async function settle<T>(db: Db, attempt: (tx: Queryable) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await db.transaction(attempt);
  if ("refusal" in outcome) throw new KnownError<PlainCode>(outcome.refusal);
  return outcome.value;
}

/**
 * Checks a code and, when it holds, runs `work` with it in the same transaction; with
 * `consume` the code is marked used there too, so a failure in `work` leaves it unused.
 * A wrong guess is committed as an attempt before the refusal is thrown.
 */
export async function redeemCode<T>(
  db: Db,
  tenant: Tenant,
  purpose: CodePurpose,
  code: string,
  options: { consume: boolean },
  work: (tx: Queryable, record: VerificationCodeRecord) => Promise<T>,
): Promise<T> {
  const { nonce, normalized } = splitCode(code);
  if (nonce.length !== NONCE_LENGTH) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  return settle<T>(db, async (tx) => {
    const found = await lockLiveCode(tx, tenant, purpose, nonce, normalized);
    if ("refusal" in found) return found;
    if (options.consume) await markCodeUsed(tx, tenant, found.record.id);
    return { value: await work(tx, found.record) };
  });
}

/**
 * As redeemCode with `consume`, for a code that admits only with a second secret: `prove`
 * checks that secret with the code locked. A false answer is committed as a wrong attempt
 * against the code and answered `wrongProof` (or VERIFICATION_CODE_MAX_ATTEMPTS_REACHED once
 * the code has no attempts left); a true one uses the code and runs `work`, all in one
 * transaction.
 */
export async function redeemCodeWithProof<T>(
  db: Db,
  tenant: Tenant,
  purpose: CodePurpose,
  code: string,
  wrongProof: PlainCode,
  prove: (tx: Queryable, record: VerificationCodeRecord) => Promise<boolean>,
  work: (tx: Queryable, record: VerificationCodeRecord) => Promise<T>,
): Promise<T> {
  const { nonce, normalized } = splitCode(code);
  if (nonce.length !== NONCE_LENGTH) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  return settle<T>(db, async (tx) => {
    const found = await lockLiveCode(tx, tenant, purpose, nonce, normalized);
    if ("refusal" in found) return found;
    if (!(await prove(tx, found.record))) {
      await recordFailedAttempt(tx, tenant, found.record.id);
      const exhausted = found.record.attempts + 1 >= maxAttemptsFor(purpose);
      return { refusal: exhausted ? "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED" : wrongProof };
    }
    await markCodeUsed(tx, tenant, found.record.id);
    return { value: await work(tx, found.record) };
  });
}
