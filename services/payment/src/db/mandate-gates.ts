import type { Queryable } from '@vrp/sql';

/** Closes the mandate's gate for good, after any payment create holding it has finished. */
export async function closeMandateGate(db: Queryable, merchantId: string, mandateId: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO payment.mandate_gates (mandate_id, merchant_id, closed_at) VALUES ($1, $2, $3)
     ON CONFLICT (mandate_id) DO UPDATE SET closed_at = COALESCE(payment.mandate_gates.closed_at, EXCLUDED.closed_at)
      WHERE payment.mandate_gates.merchant_id = $2`,
    [mandateId, merchantId, at],
  );
}
