import { notFound, required } from '@vrp/errors';
import { readCustomer, type CustomerRow } from '../db/customers.js';
import type { Deps } from '../deps.js';

/** The customer `id` of `merchantId`; not_found when unknown or another merchant's. */
export async function getCustomer(deps: Deps, merchantId: string, id: string): Promise<CustomerRow> {
  const row = await readCustomer(deps.sql, required('merchant_id', merchantId), id);
  if (!row) throw notFound('customer', id);
  return row;
}
