import { ApiError, notFound, required } from '@vrp/errors';
import { ERASURE_CONSTRAINTS, eraseCustomer as erase, erasureViolation, readCustomer, type CustomerRow } from '../db/customers.js';
import type { Deps } from '../deps.js';

/**
 * Erases customer `id`'s personal data (email, name, reference, metadata) for good and sets
 * erased_at on the merchant's clock; its id, SCA state and every mandate and payment stay.
 * Erasing an erased customer answers it as it is. Errors: not_found,
 * customer_has_active_mandates while one of its mandates is pending_sca, active or suspended
 * (also when such a mandate is created while this runs: the database decides which goes first).
 */
export async function eraseCustomer(deps: Deps, merchantId: string, id: string): Promise<CustomerRow> {
  required('merchant_id', merchantId);
  try {
    const row = await erase(deps.sql, merchantId, id, deps.clocks.now(merchantId));
    if (row) return row;
  } catch (err) {
    if (erasureViolation(err) !== ERASURE_CONSTRAINTS.liveMandates) throw err;
    throw hasLiveMandates(id);
  }
  const row = await readCustomer(deps.sql, merchantId, id);
  if (!row) throw notFound('customer', id);
  if (row.erasedAt) return row;
  throw hasLiveMandates(id);
}

function hasLiveMandates(id: string): ApiError {
  return new ApiError(
    'customer_has_active_mandates',
    `Customer '${id}' has a mandate that is pending_sca, active or suspended: cancel it before erasing the customer.`,
    { param: 'id' },
  );
}
