import { ApiError, notFound, required } from '@vrp/errors';
import { ERASURE_CONSTRAINTS, erasureViolation, readCustomer, updateCustomer as update, type CustomerRow } from '../db/customers.js';
import { checkCustomerChanges, type CustomerChanges } from '../domain/customer-details.js';
import type { Deps } from '../deps.js';

/**
 * Changes the fields of `changes` that are set on customer `id` (null clears one) and returns it
 * as it now is. Errors: validation_error, not_found, customer_erased (an erased customer cannot
 * change, whether it was erased before or while this ran).
 */
export async function updateCustomer(deps: Deps, merchantId: string, id: string, changes: CustomerChanges): Promise<CustomerRow> {
  required('merchant_id', merchantId);
  const checked = checkCustomerChanges(changes);
  try {
    const row = await update(deps.sql, merchantId, id, checked);
    if (row) return row;
  } catch (err) {
    if (erasureViolation(err) !== ERASURE_CONSTRAINTS.erasedFinal) throw err;
  }
  throw await whyNotChangeable(deps, merchantId, id);
}

/** Why a change of customer `id` (an update, or SCA completed) found nothing to change: it does not exist for the merchant, or it is erased. */
export async function whyNotChangeable(deps: Deps, merchantId: string, id: string): Promise<ApiError> {
  const row = await readCustomer(deps.sql, merchantId, id);
  return row ? erased(row) : notFound('customer', id);
}

function erased(row: CustomerRow): ApiError {
  return new ApiError('customer_erased', `Customer '${row.id}' was erased: it can no longer be changed or given a mandate.`, {
    param: 'id',
  });
}
