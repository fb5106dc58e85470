import { ApiError } from '@vrp/errors';
import type { Db, Tx } from './client.js';

/** How long a key stays bound to what it made (API.md: 24 h); afterwards it may be used again. */
export const KEY_LIFETIME_MS = 24 * 3_600_000;

/** A create's Idempotency-Key and the fingerprint of its request, as the gateway passes them. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Raised inside a create's transaction when its key is already bound: the transaction rolls back. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key already bound');
  }
}

/**
 * The payment a live key made, or undefined when the key is free. The same key with another
 * request is 422 idempotency_key_reused.
 */
export async function paymentOfKey(db: Db | Tx, merchantId: string, claim: IdempotencyClaim, now: Date): Promise<string | undefined> {
  const row = await db.idempotencyKey.findUnique({ where: { merchantId_key: { merchantId, key: claim.key } } });
  if (!row || row.createdAt.getTime() < now.getTime() - KEY_LIFETIME_MS) return undefined;
  if (row.fingerprint !== claim.fingerprint) {
    throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request.', { param: 'Idempotency-Key' });
  }
  return row.paymentId;
}

/**
 * Binds the key to `paymentId` inside the create's transaction (an expired binding is taken
 * over). A concurrent create with the same key waits on the row and then finds it bound:
 * KeyTaken, and the caller answers with the payment the winner made.
 */
export async function bindKey(tx: Tx, merchantId: string, claim: IdempotencyClaim, paymentId: string, now: Date): Promise<void> {
  const expiredBefore = new Date(now.getTime() - KEY_LIFETIME_MS);
  const bound = await tx.$queryRaw<{ payment_id: string }[]>`
    INSERT INTO "payment"."idempotency_keys" (merchant_id, key, fingerprint, payment_id, created_at)
    VALUES (${merchantId}, ${claim.key}, ${claim.fingerprint}, ${paymentId}, ${now})
    ON CONFLICT (merchant_id, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, payment_id = EXCLUDED.payment_id, created_at = EXCLUDED.created_at
     WHERE "payment"."idempotency_keys".created_at < ${expiredBefore}
    RETURNING payment_id`;
  if (bound.length === 0) throw new KeyTaken();
}
