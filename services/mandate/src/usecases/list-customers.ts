import type { common } from '@vrp/contracts';
import { required } from '@vrp/errors';
import type { CustomerRow } from '../db/customers.js';
import { listCustomers as queryCustomers, type CustomerFilters } from '../db/list-customers.js';
import type { Deps } from '../deps.js';

/** One keyset page of the merchant's customers matching `filters`; never another merchant's. Errors: invalid_order. */
export function listCustomers(
  deps: Deps,
  merchantId: string,
  filters: CustomerFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: CustomerRow[]; hasMore: boolean }> {
  return queryCustomers(deps.sql, required('merchant_id', merchantId), filters, page);
}
