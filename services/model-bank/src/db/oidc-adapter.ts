import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Queryable, SqlPool } from '@vrp/sql';
import {
  consumePayload,
  destroyPayload,
  dropExpiredPayloads as dropExpiredPayloadsQuery,
  findPayload,
  findPayloadByUid,
  findPayloadByUserCode,
  revokeGrant as revokeGrantQuery,
  revokeModelGrant,
  upsertPayload,
  type IFindPayloadResult,
} from '../generated/sql/oidc-adapter.queries.js';

/** The stored payload, with when it was consumed (seconds since the epoch) when it was. */
const payloadOf = (row: IFindPayloadResult | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  // payload is jsonb: the payload oidc-provider gave upsert.
  const payload = row.payload as AdapterPayload;
  return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
};

/**
 * oidc-provider's storage in the model bank's schema (table oidc_payloads), so sessions,
 * interactions, pushed requests, codes, tokens and grants survive a restart and are shared by
 * replicas. Consuming an authorization code is a conditional update: of two exchanges racing with
 * one code, the second is refused (invalid_grant), never both served.
 */
export function postgresAdapter(pool: SqlPool): new (model: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    // expiresIn is a bigint in SQL: a grant lives as long as its consent, which may end in decades.
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await upsertPayload.run(
        {
          model: this.model,
          id,
          // Bound as its JSON text (jsonb), as written.
          payload: JSON.stringify(payload),
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresIn: expiresIn ?? null,
        },
        pool,
      );
    }

    // One statement per key (id, uid, user code), each answered by its own index.
    async find(id: string): Promise<AdapterPayload | undefined> {
      return payloadOf((await findPayload.run({ model: this.model, value: id }, pool))[0]);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return payloadOf((await findPayloadByUid.run({ model: this.model, value: uid }, pool))[0]);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return payloadOf((await findPayloadByUserCode.run({ model: this.model, value: userCode }, pool))[0]);
    }

    async consume(id: string): Promise<void> {
      const { rowCount } = await consumePayload.runWithCounts({ model: this.model, id }, pool);
      if (!rowCount) throw new errors.InvalidGrant(`${this.model} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await destroyPayload.run({ model: this.model, id }, pool);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeModelGrant.run({ model: this.model, grantId }, pool);
    }
  };
}

/**
 * Revokes an authorisation in the caller's transaction: the grant and every code and token issued
 * under it are gone when the consent's status change commits.
 */
export async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await revokeGrantQuery.run({ grantId }, db);
}

/** Drops the authorisation server's expired artefacts. */
export async function dropExpiredPayloads(db: Queryable): Promise<number> {
  return (await dropExpiredPayloadsQuery.runWithCounts(undefined, db)).rowCount;
}
