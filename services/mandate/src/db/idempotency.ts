/**
 * The merchants' Idempotency-Keys of the service's creates (customers, mandates, mandate
 * requests), in mandate.idempotency_keys: a create binds its key to the new resource in the
 * transaction that makes it, and a repeat finds what the first made.
 */
import { bindKey, resourceOfKey, type IdempotencyClaim } from '@vrp/idempotency';
import { rawSql, transaction, type Queryable, type SqlPool } from '@vrp/sql';

/**
 * The id of the resource a live key of the merchant was bound to, or undefined when the key is
 * free (the same key with another request is 422 idempotency_key_reused).
 */
export function resourceIdOfKey(pool: SqlPool, merchantId: string, claim: IdempotencyClaim, now: Date): Promise<string | undefined> {
  return resourceOfKey(rawSql(pool), 'mandate', merchantId, claim, now);
}

/**
 * Runs `write` in one transaction that first binds the key to `id`: a key a concurrent create
 * bound first throws KeyTaken, and a `write` that throws leaves the key free.
 */
export function withKeyBound<T>(
  pool: SqlPool,
  merchantId: string,
  claim: IdempotencyClaim,
  id: string,
  now: Date,
  write: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return transaction(pool, async (tx) => {
    await bindKey(rawSql(tx), 'mandate', merchantId, claim, id, now);
    return write(tx);
  });
}
