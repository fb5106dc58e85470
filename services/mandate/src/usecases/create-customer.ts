import { required } from '@vrp/errors';
import { KeyTaken, type IdempotencyClaim } from '@vrp/idempotency';
import { insertCustomer, insertCustomerWithKey, newCustomerId, readCustomer, type CustomerRow } from '../db/customers.js';
import { resourceIdOfKey } from '../db/idempotency.js';
import { checkCustomerDetails, type CustomerDetailsInput } from '../domain/customer-details.js';
import type { Deps } from '../deps.js';

export interface CreateCustomerInput extends CustomerDetailsInput {
  merchantId: string;
  /** Whether the customer has already completed SCA (sandbox and operator creates); false otherwise. */
  scaCompleted: boolean;
  /** The merchant's Idempotency-Key with the request's fingerprint, when one was sent. */
  idempotency?: IdempotencyClaim | undefined;
}

/**
 * Registers a customer of the merchant with its details and SCA state, created at the merchant's
 * clock's time. Errors: validation_error. With an Idempotency-Key the key is bound to the customer
 * in the same transaction: a repeat returns that customer. Customers have no events.
 */
export async function createCustomer(deps: Deps, input: CreateCustomerInput): Promise<CustomerRow> {
  const merchantId = required('merchant_id', input.merchantId);
  const details = checkCustomerDetails(input);
  const now = deps.clocks.now(merchantId);
  const claim = input.idempotency;
  if (!claim) return insertCustomer(deps.sql, merchantId, newCustomerId(), input.scaCompleted, details, now);
  const replay = await replayed(deps, merchantId, claim);
  if (replay) return replay;
  const id = newCustomerId();
  try {
    return await insertCustomerWithKey(deps.sql, merchantId, id, input.scaCompleted, details, now, claim);
  } catch (err) {
    // A concurrent create with the same key committed first: answer with its customer.
    if (err instanceof KeyTaken) return (await replayed(deps, merchantId, claim))!;
    throw err;
  }
}

/** The customer an earlier create with the same Idempotency-Key made, if any. */
async function replayed(deps: Deps, merchantId: string, claim: IdempotencyClaim): Promise<CustomerRow | undefined> {
  const id = await resourceIdOfKey(deps.sql, merchantId, claim, deps.clocks.now(merchantId));
  return id ? ((await readCustomer(deps.sql, merchantId, id)) ?? undefined) : undefined;
}
