import type { mandate } from '@vrp/contracts';
import { requiredTimestamp } from '../format.js';
import type { CustomerJson } from '../resources.js';

export type { CustomerJson };

/** Turns a contract Customer into exactly the JSON the API returns for it. */
export function presentCustomer(c: mandate.Customer): CustomerJson {
  return { id: c.id, sca_completed: c.scaCompleted, created_at: requiredTimestamp(c.createdAt, 'customer.created_at') };
}
