import type { common } from '@vrp/contracts';
import { listMandates as queryMandates, type MandateFilters } from '../db/list-mandates.js';
import type { MandateRow } from '../db/mandates.js';
import { required } from '@vrp/errors';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's mandates matching `filters`; never another merchant's. */
export function listMandates(
  deps: Deps,
  merchantId: string,
  filters: MandateFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: MandateRow[]; hasMore: boolean }> {
  return queryMandates(deps.sql, required('merchant_id', merchantId), filters, page);
}
