import { insertCustomer, type CustomerRow } from '../db/customers.js';
import { requireMerchant } from './require.js';
import type { MandateDeps } from './deps.js';

/** Registers a customer of `merchantId` with its SCA state. Customers have no events. */
export function createCustomer(deps: MandateDeps, merchantId: string, scaCompleted: boolean): Promise<CustomerRow> {
  return insertCustomer(deps.db, requireMerchant(merchantId), scaCompleted);
}
