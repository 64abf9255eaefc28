/**
 * oidc-provider's storage adapter on Gatehouse's database, one per project and model.
 *
 * Ids are stored as SHA-256 digests, and the payload without its `jti`, because for codes and
 * tokens (and the session cookie) the id is the credential itself; `find` puts it back. The
 * `Client` model is the project's OAuth apps (services/oauth-apps/apps.ts): found there, and
 * registered there when dynamic client registration writes one.
 */
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import { hashSecret } from "../../crypto/secret-hash";
import type { Db } from "../../db/db";
import {
  consumeOAuthServerRecord,
  deleteOAuthServerRecord,
  deleteOAuthServerRecordsByGrant,
  findOAuthServerRecord,
  findOAuthServerRecordByUid,
  findOAuthServerRecordByUserCode,
  upsertOAuthServerRecord,
  type OAuthServerRecord,
} from "../../db/queries/oauth-server-records";
import { clientMetadataOf, registerDynamicClient } from "./client-metadata";
import { unstorable } from "./storable";
import { deleteOAuthApp, findOAuthApp } from "../../db/queries/oauth-apps";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Client ids are ours (app-rules.ts); anything else names no client and is never sent to the database. */
const CLIENT_ID = /^oa_[A-Za-z0-9]{1,64}$/;
/** oidc-provider's own ids (nanoid); a session uid from a cookie is checked against it before any query. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,128}$/;
function restore(record: OAuthServerRecord | null, id?: string): AdapterPayload | undefined {
  if (!record) return undefined;
  return { ...record.payload, ...(id === undefined ? {} : { jti: id }), ...(record.consumed ? { consumed: true } : {}) } as AdapterPayload;
}

export function storageAdapterFor(db: Db, projectId: string) {
  return class GatehouseStorage implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === "Client") {
        await registerDynamicClient(db, projectId, payload);
        return;
      }
      const { jti: _jti, userCode, ...stored } = payload;
      // Refused as the client's mistake (400 invalid_request), not failed as the server's.
      if (unstorable(stored)) throw new errors.InvalidRequest("a parameter holds characters that cannot be stored (NUL or a lone surrogate)");
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
        uid: payload.uid ?? null,
        accountId,
        clientId: payload.clientId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === "Client") {
        if (!CLIENT_ID.test(id)) return undefined;
        const app = await findOAuthApp(db, projectId, id);
        return app ? (clientMetadataOf(app) as AdapterPayload) : undefined;
      }
      return restore(await findOAuthServerRecord(db, projectId, this.model, hashSecret(id)), id);
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
