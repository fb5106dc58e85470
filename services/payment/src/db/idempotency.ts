/** Idempotency-Keys of payment creates, in this service's schema (the shared helpers of @vrp/idempotency on a pg connection). */
import { bindKey, resourceOfKey, type IdempotencyClaim } from '@vrp/idempotency';
import { rawSql, type Queryable } from '@vrp/sql';
import { SCHEMA } from './schema.js';

/** The id of the payment a live key made, or undefined when the key is free; the same key with another request is refused. */
export function paymentOfKey(db: Queryable, merchantId: string, claim: IdempotencyClaim, now: Date): Promise<string | undefined> {
  return resourceOfKey(rawSql(db), SCHEMA, merchantId, claim, now);
}

/** Binds the key to the payment inside the create's transaction; throws KeyTaken when a concurrent create bound it first. */
export function bindPaymentKey(tx: Queryable, merchantId: string, claim: IdempotencyClaim, paymentId: string, now: Date): Promise<void> {
  return bindKey(rawSql(tx), SCHEMA, merchantId, claim, paymentId, now);
}
