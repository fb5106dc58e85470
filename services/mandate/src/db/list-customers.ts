/**
 * Customer lists on the service's pool: one statement per page. Raw SQL, not a pgtyped query: its
 * conditions and order are put together per request; it selects CUSTOMER_COLUMNS, so its rows are
 * the typed customer queries' rows.
 */
import { common } from '@vrp/contracts';
import { ApiError } from '@vrp/errors';
import { SqlFilter, keysetPageSql, keysetQuery, pageOf } from '@vrp/pagination';
import { rows, type Queryable } from '@vrp/sql';
import { CUSTOMER_COLUMNS, type CustomerRow } from './customers.js';

/** The filters of a customer list; every one optional, every bound inclusive. */
export interface CustomerFilters {
  /** Compared case-insensitively. */
  email?: string;
  reference?: string;
  createdAt?: { gte?: Date; lte?: Date };
}

/** The conditions of a customer list, always scoped to the merchant. */
function filterOf(merchantId: string, f: CustomerFilters): SqlFilter {
  const filter = new SqlFilter().add((v) => `c.merchant_id = ${v}`, merchantId);
  // lower(c.email) is what the (merchant_id, lower(email), created_at, id) index holds.
  if (f.email) filter.add((v) => `lower(c.email) = lower(${v})`, f.email);
  if (f.reference) filter.add((v) => `c.reference = ${v}`, f.reference);
  if (f.createdAt?.gte) filter.add((v) => `c.created_at >= ${v}`, f.createdAt.gte);
  if (f.createdAt?.lte) filter.add((v) => `c.created_at <= ${v}`, f.createdAt.lte);
  return filter;
}

/**
 * One keyset page of `merchantId`'s customers matching `filters`, newest or oldest first. Customers
 * carry no amount: an amount order is 400 invalid_order. Each filter has an index starting with
 * merchant_id and ending in (created_at, id), so page N is an index seek like page 1.
 */
export async function listCustomers(
  db: Queryable,
  merchantId: string,
  filters: CustomerFilters,
  page: common.PageRequest | undefined,
): Promise<{ items: CustomerRow[]; hasMore: boolean }> {
  const order = page?.order ?? common.SortOrder.UNSPECIFIED;
  if (order === common.SortOrder.AMOUNT_ASC || order === common.SortOrder.AMOUNT_DESC) {
    throw new ApiError('invalid_order', 'Customers can only be ordered by created_at or -created_at.', { param: 'order' });
  }
  const query = keysetQuery(page, { createdAt: 'c.created_at', id: 'c.id' });
  const filter = filterOf(merchantId, filters);
  const found = await rows<CustomerRow>(
    db,
    keysetPageSql(`SELECT ${CUSTOMER_COLUMNS} FROM mandate.customers c`, filter, query),
    filter.values,
  );
  return pageOf(found, query);
}
