import { insertCustomer, type CustomerRow } from '../db/customers.js';
import { required } from '@vrp/errors';
import type { Deps } from '../deps.js';

/** Registers a customer of `merchantId` with its SCA state. Customers have no events. */
export function createCustomer(deps: Deps, merchantId: string, scaCompleted: boolean): Promise<CustomerRow> {
  return insertCustomer(deps.sql, required('merchant_id', merchantId), scaCompleted);
}
