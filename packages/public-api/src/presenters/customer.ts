import type { mandate } from '@vrp/contracts';
import { isoTimestamp, requiredTimestamp, storedMetadata } from '../format.js';
import type { CustomerJson } from '../resources.js';

export type { CustomerJson };

/** Turns a contract Customer into exactly the JSON the API returns for it (absent details are null). */
export function presentCustomer(c: mandate.Customer): CustomerJson {
  return {
    id: c.id,
    email: c.email ?? null,
    name: c.name ?? null,
    reference: c.reference ?? null,
    metadata: storedMetadata(c.metadata),
    sca_completed: c.scaCompleted,
    created_at: requiredTimestamp(c.createdAt, 'customer.created_at'),
    erased_at: isoTimestamp(c.erasedAt),
  };
}
