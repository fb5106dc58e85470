import { notFound } from '@vrp/errors';
import { readRefund } from '../db/refund-sql.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/** One refund of the merchant; not_found for unknown ids and for other merchants' refunds alike. */
export async function getRefund(deps: Deps, merchantId: string, id: string): Promise<RefundRow> {
  const row = await readRefund(deps.sql, merchantId, id);
  if (!row) throw notFound('refund', id);
  return row;
}
