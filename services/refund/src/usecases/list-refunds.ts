import type { common } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { selectRefundPage, type RefundFilters } from '../db/refund-sql.js';
import type { RefundRow } from '../db/refunds.js';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's refunds matching `filters`, in the page's order. */
export async function listRefunds(
  deps: Deps,
  merchantId: string,
  filters: RefundFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: RefundRow[]; hasMore: boolean }> {
  const { gte, lte } = filters.amountMinor ?? {};
  if (gte !== undefined && lte !== undefined && gte > lte) throw validationError('amount', 'gte must not exceed lte');
  return selectRefundPage(deps.sql, merchantId, filters, page);
}
