import type { common } from '@vrp/contracts';
import { validationError } from '@vrp/errors';
import { listRefunds as listRefundRows, type RefundFilters } from '../db/list-refunds.js';
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
  return listRefundRows(deps.db, merchantId, filters, page);
}
