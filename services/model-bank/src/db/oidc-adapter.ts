import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { rows, type Queryable, type SqlPool } from '@vrp/sql';

interface PayloadRow {
  payload: AdapterPayload;
  consumed: number | null;
}

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
      await pool.query(
        `INSERT INTO model_bank.oidc_payloads (model, id, payload, grant_id, uid, user_code, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::bigint IS NULL THEN NULL ELSE now() + $7::bigint * interval '1 second' END)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
           user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          expiresIn ?? null,
        ],
      );
    }

    private async findWhere(where: string, value: string): Promise<AdapterPayload | undefined> {
      const [row] = await rows<PayloadRow>(
        pool,
        `SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM model_bank.oidc_payloads
         WHERE model = $1 AND ${where} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      if (!row) return undefined;
      return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      const { rowCount } = await pool.query(
        `UPDATE model_bank.oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL`,
        [this.model, id],
      );
      if (!rowCount) throw new errors.InvalidGrant(`${this.model} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await pool.query(`DELETE FROM model_bank.oidc_payloads WHERE model = $1 AND id = $2`, [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await pool.query(`DELETE FROM model_bank.oidc_payloads WHERE model = $1 AND grant_id = $2`, [this.model, grantId]);
    }
  };
}

/**
 * Revokes an authorisation in the caller's transaction: the grant and every code and token issued
 * under it are gone when the consent's status change commits.
 */
export async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await db.query(`DELETE FROM model_bank.oidc_payloads WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)`, [grantId]);
}

/** Drops the authorisation server's expired artefacts. */
export async function dropExpiredPayloads(db: Queryable): Promise<number> {
  return (await db.query(`DELETE FROM model_bank.oidc_payloads WHERE expires_at < now() - interval '1 minute'`)).rowCount ?? 0;
}
