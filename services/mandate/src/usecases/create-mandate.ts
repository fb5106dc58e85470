import { ApiError } from '@vrp/errors';
import { checkMandateTerms, type MandateTermsInput } from '../domain/mandate-terms.js';
import { findCustomer } from '../db/customers.js';
import { insertMandate, type MandateRow } from '../db/mandates.js';
import { recordMandateEvent } from '../events/mandate-events.js';
import { requireMerchant } from './require.js';
import type { MandateDeps } from './deps.js';

export interface CreateMandateInput extends MandateTermsInput {
  merchantId: string;
  customerId: string;
}

/**
 * Creates a mandate in pending_sca for a customer of the merchant who has completed SCA, and
 * announces mandate.created in the same transaction. Errors: validation_error,
 * currency_mismatch, customer_not_found, customer_sca_incomplete.
 */
export async function createMandate(deps: MandateDeps, input: CreateMandateInput): Promise<MandateRow> {
  const merchantId = requireMerchant(input.merchantId);
  const terms = checkMandateTerms(input);
  const row = await deps.db.$transaction(async (tx) => {
    // Read inside the transaction with the insert; the composite foreign key is the real guard.
    const customer = input.customerId ? await findCustomer(tx, merchantId, input.customerId) : null;
    if (!customer) {
      throw new ApiError('customer_not_found', `No such customer: '${input.customerId}'`, { param: 'customer_id' });
    }
    if (!customer.scaCompleted) {
      throw new ApiError('customer_sca_incomplete', `Customer '${customer.id}' has not completed SCA.`, { param: 'customer_id' });
    }
    const mandate = await insertMandate(tx, merchantId, customer.id, terms);
    await recordMandateEvent(tx, deps.eventSubjectPrefix, 'mandate.created', mandate);
    return mandate;
  });
  deps.afterCommit();
  return row;
}
