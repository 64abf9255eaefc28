/**
 * oidc-provider's storage adapter on Gatehouse's database, one per project and model.
 *
 * Ids are stored as SHA-256 digests, and the payload without its `jti`, because for codes and
 * tokens (and the session cookie) the id is the credential itself; `find` puts it back. User
 * codes are digests too, and the payloads that hold other credentials are sealed. The
 * `Client` model is the project's OAuth apps (services/oauth-apps/apps.ts): found there, and
 * registered there when dynamic client registration writes one.
 */
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import type { SecretBox } from "../../crypto/secret-box";
import { hashSecret } from "../../crypto/secret-hash";
import type { Db } from "../../db/db";
import {
  consumeOAuthServerRecord,
  deleteOAuthServerRecord,
  deleteOAuthServerRecordsByGrant,
  findOAuthServerRecord,
  findOAuthServerRecordByUid,
  findOAuthServerRecordByUserCode,
  notePoll,
  upsertOAuthServerRecord,
  type OAuthServerRecord,
} from "../../db/queries/oauth-server-records";
import { deleteOAuthApp, findOAuthApp } from "../../db/queries/oauth-apps";
import { clientMetadataOf, registerDynamicClient } from "./client-metadata";
import { oauthEndpoint } from "./endpoint-scope";
import { unstorable } from "./storable";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Client ids are ours (app-rules.ts); anything else names no client and is never sent to the database. */
const CLIENT_ID = /^oa_[A-Za-z0-9]{1,64}$/;
/** oidc-provider's own ids (nanoid); a session uid from a cookie is checked against it before any query. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** RFC 8628's default: a device polls at most every five seconds, and is told slow_down when it does not wait. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;

/**
 * Models whose whole payload is sealed: an interaction holds the provider's session cookie, the
 * device code it is for and its own id (in returnTo); a device code must keep its own id, since
 * the device page finds it by the user code the person types.
 */
const SEALED_MODELS = new Set(["Interaction", "DeviceCode"]);

/**
 * How long a row outlives what it holds, by model. A device that polls after its code expired
 * must be told `expired_token` (RFC 8628 §3.5), which oidc-provider answers from the code's own
 * `exp`, so it must still find the code: a row gone at expiry read as an unknown code,
 * `invalid_grant`. Everywhere else (the device page, a resumed interaction) oidc-provider checks
 * that same `exp` and refuses the expired code.
 */
const KEPT_AFTER_EXPIRY_SECONDS: Partial<Record<string, number>> = { DeviceCode: 3600 };

export function storageAdapterFor(db: Db, projectId: string, seal: SecretBox) {
  function restore(record: OAuthServerRecord | null, id?: string): AdapterPayload | undefined {
    if (!record) return undefined;
    const { sealed } = record.payload;
    const payload = typeof sealed === "string" ? (JSON.parse(seal.open(sealed)) as Record<string, unknown>) : record.payload;
    return { ...payload, ...(id === undefined ? {} : { jti: id }), ...(record.consumed ? { consumed: true } : {}) } as AdapterPayload;
  }

  /** A poll of a code still waiting for its user, too soon after the last one, is answered slow_down. */
  async function throttlePoll(id: string, payload: AdapterPayload) {
    const previous = await notePoll(db, projectId, "DeviceCode", hashSecret(id));
    const waiting = !payload.accountId && !payload.error;
    if (waiting && previous && Date.now() - previous.getTime() < DEVICE_POLL_INTERVAL_SECONDS * 1000) throw new errors.SlowDown();
  }

  return class GatehouseStorage implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === "Client") {
        await registerDynamicClient(db, projectId, payload);
        return;
      }
      const { jti: _jti, userCode, ...rest } = payload;
      // Refused as the client's mistake (400 invalid_request), not failed as the server's.
      if (unstorable(rest)) throw new errors.InvalidRequest("a parameter holds characters that cannot be stored (NUL or a lone surrogate)");
      const stored = SEALED_MODELS.has(this.model) ? { sealed: seal.seal(JSON.stringify({ ...rest, jti: id })) } : rest;
      // The grant column is what a grant's revocation deletes: the codes and tokens issued under it.
      // An interaction names the grant it would extend, the session's, but is not issued under it:
      // when another account answers it, oidc-provider ends the session and revokes that grant
      // before it resumes the interaction, which must still be there.
      // Only a user's own rows (a grant, a token for a user) name an account; client-credentials tokens name none.
      const accountId = typeof payload.accountId === "string" && UUID.test(payload.accountId) ? payload.accountId : null;
      await upsertOAuthServerRecord(db, projectId, {
        model: this.model,
        idHash: hashSecret(id),
        payload: stored,
        grantId: this.model === "Grant" ? id : this.model === "Interaction" ? null : (payload.grantId ?? null),
        userCodeHash: userCode ? hashSecret(userCode) : null,
        uid: SEALED_MODELS.has(this.model) ? null : (payload.uid ?? null),
        accountId,
        clientId: payload.clientId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + (expiresIn + (KEPT_AFTER_EXPIRY_SECONDS[this.model] ?? 0)) * 1000) : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === "Client") {
        if (!CLIENT_ID.test(id)) return undefined;
        const app = await findOAuthApp(db, projectId, id);
        return app ? (clientMetadataOf(app) as AdapterPayload) : undefined;
      }
      const payload = restore(await findOAuthServerRecord(db, projectId, this.model, hashSecret(id)), id);
      if (payload && this.model === "DeviceCode" && oauthEndpoint.getStore() === "/token") await throttlePoll(id, payload);
      return payload;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const record = await findOAuthServerRecordByUserCode(db, projectId, this.model, hashSecret(userCode));
      return record ? { ...restore(record), userCode } : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!PROVIDER_ID.test(uid)) return undefined;
      return restore(await findOAuthServerRecordByUid(db, projectId, this.model, uid));
    }

    async consume(id: string): Promise<void> {
      await consumeOAuthServerRecord(db, projectId, this.model, hashSecret(id));
    }

    async destroy(id: string): Promise<void> {
      if (this.model === "Client") {
        await deleteOAuthApp(db, projectId, id);
        return;
      }
      if (this.model === "Grant") {
        // A grant goes with everything issued under it.
        await deleteOAuthServerRecordsByGrant(db, projectId, id);
        return;
      }
      await deleteOAuthServerRecord(db, projectId, this.model, hashSecret(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOAuthServerRecordsByGrant(db, projectId, grantId, this.model);
    }
  };
}
