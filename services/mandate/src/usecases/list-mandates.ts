import type { common } from '@vrp/contracts';
import { listMandates as queryMandates, type MandateFilters } from '../db/list-mandates.js';
import type { MandateRow } from '../db/mandates.js';
import { requireMerchant } from './require.js';
import type { MandateDeps } from './deps.js';

/** One keyset page of the merchant's mandates matching `filters`; never another merchant's. */
export function listMandates(
  deps: MandateDeps,
  merchantId: string,
  filters: MandateFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRow[]; hasMore: boolean }> {
  return queryMandates(deps.db, requireMerchant(merchantId), filters, page);
}
