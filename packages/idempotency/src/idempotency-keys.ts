import { ApiError } from '@vrp/errors';

/**
 * Idempotency-Keys kept by the service that owns a resource. The gateway keeps every key too,
 * but a gateway that dies between running a create and storing its answer forgets it; the
 * owning service binds the key to the resource in the create's own transaction, so a repeat
 * finds what the first made. Each service has a table `<schema>.idempotency_keys`
 * (merchant_id, key, fingerprint, resource_id, created_at; primary key (merchant_id, key)).
 */

/** How long a key stays bound (24 h, docs/api.md); afterwards the merchant may use it again. */
export const KEY_LIFETIME_MS = 24 * 3_600_000;

/** A create's Idempotency-Key and the fingerprint of its whole request, as the gateway passes them. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** What the helpers need of a Prisma client or transaction. */
export interface RawSql {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** Raised inside a create's transaction when its key is already bound: the transaction rolls back. */
export class KeyTaken extends Error {
  constructor() {
    super('The Idempotency-Key is already bound to a resource');
  }
}

const SCHEMA = /^[a-z_]+$/;

function table(schema: string): string {
  if (!SCHEMA.test(schema)) throw new Error(`not a schema name: ${schema}`);
  return `"${schema}"."idempotency_keys"`;
}

/**
 * The id of the resource a live key made, or undefined when the key is free (never used, or
 * older than KEY_LIFETIME_MS). The same key with another request is 422 idempotency_key_reused.
 */
export async function resourceOfKey(
  db: RawSql,
  schema: string,
  merchantId: string,
  claim: IdempotencyClaim,
  now: Date,
): Promise<string | undefined> {
  const rows = await db.$queryRawUnsafe<{ fingerprint: string; resource_id: string }[]>(
    `SELECT fingerprint, resource_id FROM ${table(schema)} WHERE merchant_id = $1 AND key = $2 AND created_at >= $3`,
    merchantId,
    claim.key,
    new Date(now.getTime() - KEY_LIFETIME_MS),
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.fingerprint !== claim.fingerprint) {
    throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request.', { param: 'Idempotency-Key' });
  }
  return row.resource_id;
}

/**
 * Binds the key to `resourceId` inside the create's transaction (an expired binding is taken
 * over). A concurrent create with the same key waits on the row and then finds it bound: it
 * throws KeyTaken, its transaction rolls back, and the caller answers with resourceOfKey.
 */
export async function bindKey(
  tx: RawSql,
  schema: string,
  merchantId: string,
  claim: IdempotencyClaim,
  resourceId: string,
  now: Date,
): Promise<void> {
  const t = table(schema);
  const bound = await tx.$queryRawUnsafe<unknown[]>(
    `INSERT INTO ${t} (merchant_id, key, fingerprint, resource_id, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant_id, key) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, resource_id = EXCLUDED.resource_id, created_at = EXCLUDED.created_at
      WHERE ${t}.created_at < $6
     RETURNING resource_id`,
    merchantId,
    claim.key,
    claim.fingerprint,
    resourceId,
    now,
    new Date(now.getTime() - KEY_LIFETIME_MS),
  );
  if (bound.length === 0) throw new KeyTaken();
}
