import { notFound } from '@vrp/errors';
import { findCustomer, type CustomerRow } from '../db/customers.js';
import { requireMerchant } from './require.js';
import type { MandateDeps } from './deps.js';

/** The customer `id` of `merchantId`; not_found when unknown or another merchant's. */
export async function getCustomer(deps: MandateDeps, merchantId: string, id: string): Promise<CustomerRow> {
  const row = await findCustomer(deps.db, requireMerchant(merchantId), id);
  if (!row) throw notFound('customer', id);
  return row;
}
