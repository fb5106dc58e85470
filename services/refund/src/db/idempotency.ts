import { resourceOfKey, type IdempotencyClaim } from '@vrp/idempotency';
import { rawSql, type SqlPool } from '@vrp/sql';

/**
 * The id of the refund a live Idempotency-Key of the merchant was bound to, or undefined when the
 * key is free (the same key with another request is 422 idempotency_key_reused).
 */
export function refundIdOfKey(pool: SqlPool, merchantId: string, claim: IdempotencyClaim, now: Date): Promise<string | undefined> {
  return resourceOfKey(rawSql(pool), 'refund', merchantId, claim, now);
}
