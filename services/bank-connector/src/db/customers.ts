import { rows, type Queryable } from '@vrp/sql';
import type { ObCashAccount } from '@vrp/open-banking';

/** The account a merchant's customer authorised a consent from (the latest one the bank told), if any. */
export async function customerAccount(db: Queryable, merchantId: string, customerId: string): Promise<ObCashAccount | undefined> {
  const [row] = await rows<{ account: ObCashAccount }>(
    db,
    `SELECT debtor_account AS account FROM connector.consents
     WHERE merchant_id = $1 AND customer_id = $2 AND debtor_account IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    [merchantId, customerId],
  );
  return row?.account;
}
