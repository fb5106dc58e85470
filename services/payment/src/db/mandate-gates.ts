import { ApiError } from '@vrp/errors';
import type { Db, Tx } from './client.js';

/**
 * Passes the mandate's gate inside a payment create's transaction: the upsert locks the gate
 * row until the transaction ends, so a concurrent CloseMandate waits for this payment to commit
 * or roll back. A closed gate (the mandate was revoked) is 422 mandate_not_active.
 */
export async function passMandateGate(tx: Tx, merchantId: string, mandateId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ closed: boolean }[]>`
    INSERT INTO "payment"."mandate_gates" (mandate_id, merchant_id) VALUES (${mandateId}, ${merchantId})
    ON CONFLICT (mandate_id) DO UPDATE SET merchant_id = "payment"."mandate_gates".merchant_id
    RETURNING closed_at IS NOT NULL AS closed`;
  if (rows[0]?.closed) throw new ApiError('mandate_not_active', 'The mandate has been revoked.', { param: 'mandate_id' });
}

/** Closes the mandate's gate for good, after any payment create holding it has finished. */
export async function closeMandateGate(db: Db, merchantId: string, mandateId: string, at: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "payment"."mandate_gates" (mandate_id, merchant_id, closed_at) VALUES (${mandateId}, ${merchantId}, ${at})
    ON CONFLICT (mandate_id) DO UPDATE SET closed_at = COALESCE("payment"."mandate_gates".closed_at, EXCLUDED.closed_at)
     WHERE "payment"."mandate_gates".merchant_id = ${merchantId}`;
}
