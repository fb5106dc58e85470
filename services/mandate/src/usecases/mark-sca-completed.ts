import { required } from '@vrp/errors';
import { ERASURE_CONSTRAINTS, erasureViolation, setScaCompleted, type CustomerRow } from '../db/customers.js';
import type { Deps } from '../deps.js';
import { whyNotChangeable } from './update-customer.js';

/**
 * Records that customer `id` completed strong customer authentication at their bank (a consent
 * journey's approval), after which mandates may be created for them. Doing it again changes
 * nothing. Errors: not_found, customer_erased.
 */
export async function markScaCompleted(deps: Deps, merchantId: string, id: string): Promise<CustomerRow> {
  required('merchant_id', merchantId);
  try {
    const row = await setScaCompleted(deps.sql, merchantId, id);
    if (row) return row;
  } catch (err) {
    if (erasureViolation(err) !== ERASURE_CONSTRAINTS.erasedFinal) throw err;
  }
  throw await whyNotChangeable(deps, merchantId, id);
}
