import type { mandate } from '@vrp/contracts';
import { requiredTimestamp } from '../format.js';

/** The public customer object (sandbox and operator tooling). */
export interface CustomerJson {
  id: string;
  sca_completed: boolean;
  created_at: string;
}

/** Turns a contract Customer into exactly the JSON the API returns for it. */
export function presentCustomer(c: mandate.Customer): CustomerJson {
  return { id: c.id, sca_completed: c.scaCompleted, created_at: requiredTimestamp(c.createdAt, 'customer.created_at') };
}
